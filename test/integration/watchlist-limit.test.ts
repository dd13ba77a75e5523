import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../shared/contracts/envelope';
import { MAX_WATCHLIST_ENTRIES } from '../../shared/contracts/watchlist';
import type { Instrument } from '../../shared/domain/instruments';
import { addWatchlistEntry, listWatchlistEntries, type WatchlistOwner } from '../../functions/data/watchlist-repository';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();

const ownerOf = (user: TestUser): WatchlistOwner => ({ frchId: user.user.frch_id, userId: user.user.user_id });

/** Distinct scripts of the master: the first `count` to fill a list with, and spares after them. */
async function scripts(count: number): Promise<{ filling: Instrument[]; spares: Instrument[] }> {
  const all = (await instrumentMaster()).instruments;
  return { filling: all.slice(0, count), spares: all.slice(count, count + 5) };
}

/** Fills a list straight through the repository (one add at a time, as a user would). */
async function fill(user: TestUser, instruments: readonly Instrument[]): Promise<void> {
  for (const instrument of instruments) {
    const outcome = await addWatchlistEntry(ownerOf(user), instrument, MAX_WATCHLIST_ENTRIES);
    expect(outcome.kind).toBe('added');
  }
}

async function add(user: TestUser, scriptId: string) {
  return api.call('POST', '/users/watchlist/addtowatchlist', { token: user.token, body: { script_id: scriptId } });
}

describe(`the watch list holds at most ${MAX_WATCHLIST_ENTRIES} scripts`, () => {
  it("answers 422 'Your watch list is full.' for the next script, and takes one again after a removal", async () => {
    // Prepare
    const user = await createTestUser();
    const { filling, spares } = await scripts(MAX_WATCHLIST_ENTRIES);
    const [spare] = spares;
    if (!spare) throw new Error('the sample master has more than 100 scripts');
    await fill(user, filling);
    // Act
    const refused = await add(user, spare.script_id);
    // Assess
    expect(refused.status).toBe(422);
    expect(errorEnvelopeSchema.parse(refused.body).error).toMatchObject({ code: 'BUSINESS_RULE', message: 'Your watch list is full.' });
    const listed = await api.call('GET', '/users/watchlist/getwatchlist', { token: user.token });
    expect(z.object({ data: z.array(z.unknown()) }).parse(listed.body).data).toHaveLength(MAX_WATCHLIST_ENTRIES);

    const [first] = await listWatchlistEntries(ownerOf(user));
    if (!first) throw new Error('the list is full');
    const removal = await api.call('POST', '/users/watchlist/removewatchlist', { token: user.token, body: { watchlist_id: first.watchlistId } });
    expect(removal.status).toBe(200);
    expect((await add(user, spare.script_id)).status).toBe(200);
    expect((await add(user, first.instrument.script_id)).status).toBe(422);
  });

  it('answers a full list 409 rather than 422 for a script it already holds', async () => {
    const user = await createTestUser();
    const { filling } = await scripts(MAX_WATCHLIST_ENTRIES);
    await fill(user, filling);
    const [listed] = filling;
    if (!listed) throw new Error('the list is full');
    expect((await add(user, listed.script_id)).status).toBe(409);
  });

  it('lets only one of several simultaneous adds take the last place', async () => {
    const user = await createTestUser();
    const { filling, spares } = await scripts(MAX_WATCHLIST_ENTRIES - 1);
    await fill(user, filling);
    const answers = await Promise.all(spares.slice(0, 3).map((spare) => add(user, spare.script_id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422]);
    expect(await listWatchlistEntries(ownerOf(user))).toHaveLength(MAX_WATCHLIST_ENTRIES);
  });
});
