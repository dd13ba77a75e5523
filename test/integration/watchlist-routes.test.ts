import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { watchlistEntrySchema } from '../../shared/contracts/watchlist';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { findScript } from '../../functions/market/ltp';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
const SECOND_TENANT_HOST = 'tenant-two.localhost';
/** Strict: a field the contract does not name (the master's broker tokens, say) fails the parse. */
const entryEnvelope = successEnvelope(watchlistEntrySchema.strict());
const listEnvelope = successEnvelope(z.array(watchlistEntrySchema.strict()));
const paperFeed = createPriceFeed();

async function add(user: TestUser, scriptId: string) {
  return api.call('POST', '/users/watchlist/addtowatchlist', { token: user.token, body: { script_id: scriptId } });
}

async function addedEntry(user: TestUser, scriptId: string) {
  const answer = await add(user, scriptId);
  expect(answer.status).toBe(200);
  return entryEnvelope.parse(answer.body).data;
}

async function list(user: TestUser) {
  const answer = await api.call('GET', '/users/watchlist/getwatchlist', { token: user.token });
  expect(answer.status).toBe(200);
  return listEnvelope.parse(answer.body);
}

async function remove(user: TestUser, watchlistId: string, host?: string) {
  return api.call('POST', '/users/watchlist/removewatchlist', { token: user.token, body: { watchlist_id: watchlistId }, ...(host ? { host } : {}) });
}

describe('the watch list: add, list, remove', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  it('starts empty', async () => {
    const fresh = await createTestUser();
    expect(await list(fresh)).toMatchObject({ status: true, data: [], result: 'Watch list fetched' });
  });

  it('adds scripts of the master and lists them in the order added, with live prices and labels', async () => {
    // Prepare
    const crudeFuture = (await instrumentMaster()).instruments.find((instrument) => instrument.exchange === 'MCX' && instrument.name === 'CRUDEOIL');
    if (!crudeFuture) throw new Error('the sample master lists CRUDEOIL futures');
    // Act
    const added = await add(owner, 'NSE:SBIN');
    const future = await addedEntry(owner, crudeFuture.script_id);
    const listed = await list(owner);
    // Assess
    expect(added.status).toBe(200);
    const sbinEntry = entryEnvelope.parse(added.body);
    expect(sbinEntry).toMatchObject({
      status: true,
      result: 'Added to watch list',
      data: { script_id: 'NSE:SBIN', trading_symbol: 'SBIN', name: 'State Bank of India', base_name: 'SBIN', display_name: 'SBIN', instrument_type: 'EQ' },
    });
    expect(sbinEntry.data.watchlist_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(listed.data.map((entry) => entry.watchlist_id)).toEqual([sbinEntry.data.watchlist_id, future.watchlist_id]);
    expect(listed.data[1]).toMatchObject({ exchange: 'MCX', instrument_type: 'FUT', base_name: 'CRUDEOIL', display_name: expect.stringMatching(/^CRUDEOIL \d{2} [A-Z]{3} \d{2} FUT$/) });
    for (const entry of listed.data) {
      const instrument = await findScript(entry.script_id);
      const asOf = new Date(entry.as_of);
      expect(entry.ltp).toBe(paperFeed.ltp(instrument, asOf));
      expect(entry.previous_close).not.toBeNull();
      expect(entry.change).toBeCloseTo(entry.ltp - (entry.previous_close ?? 0), 6);
      expect(entry.change_percent).toBeCloseTo(((entry.change ?? 0) / (entry.previous_close ?? 1)) * 100, 2);
    }
  });

  it('answers 409 for a script that is already listed and keeps one entry', async () => {
    const user = await createTestUser();
    await addedEntry(user, 'NSE:INFY');
    const again = await add(user, ' nse:infy ');
    expect(again.status).toBe(409);
    expect(errorEnvelopeSchema.parse(again.body).error).toMatchObject({ code: 'CONFLICT', message: 'This script is already in your watch list.' });
    expect((await list(user)).data.map((entry) => entry.script_id)).toEqual(['NSE:INFY']);
  });

  it('lists the same script once even when it is added twice at the same time', async () => {
    const user = await createTestUser();
    const answers = await Promise.all([add(user, 'NSE:TCS'), add(user, 'NSE:TCS')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await list(user)).data.map((entry) => entry.script_id)).toEqual(['NSE:TCS']);
  });

  it("answers 404 'Unknown script' for a script the master does not list", async () => {
    const user = await createTestUser();
    const answer = await add(user, 'NSE:NOSUCHSCRIPT');
    expect(answer.status).toBe(404);
    expect(errorEnvelopeSchema.parse(answer.body).error.message).toBe('Unknown script');
    expect((await list(user)).data).toEqual([]);
  });

  it('removes an entry, after which the script can be added again', async () => {
    const user = await createTestUser();
    const entry = await addedEntry(user, 'NSE:ITC');
    const removed = await remove(user, entry.watchlist_id.toLowerCase());
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: true, data: { watchlist_id: entry.watchlist_id }, result: 'Removed from watch list' });
    expect((await list(user)).data).toEqual([]);
    expect((await remove(user, entry.watchlist_id)).status).toBe(404);
    expect((await addedEntry(user, 'NSE:ITC')).watchlist_id).not.toBe(entry.watchlist_id);
  });

  it("answers 404 for another user's or another tenant's entry and leaves their list as it was", async () => {
    // Prepare
    const holder = await createTestUser();
    const stranger = await createTestUser();
    const foreigner = await createTestUser({ frchId: 2 });
    const entry = await addedEntry(holder, 'NSE:RELIANCE');
    // Act
    const asStranger = await remove(stranger, entry.watchlist_id);
    const asForeigner = await remove(foreigner, entry.watchlist_id, SECOND_TENANT_HOST);
    // Assess
    for (const answer of [asStranger, asForeigner]) {
      expect(answer.status).toBe(404);
      expect(errorEnvelopeSchema.parse(answer.body).error).toMatchObject({ code: 'NOT_FOUND', message: 'Watch list entry not found' });
    }
    expect((await list(holder)).data.map((listed) => listed.watchlist_id)).toEqual([entry.watchlist_id]);
    expect((await list(stranger)).data).toEqual([]);
  });

  it('records an activity for adding and for removing', async () => {
    const user = await createTestUser();
    const entry = await addedEntry(user, 'NSE:LT');
    expect((await remove(user, entry.watchlist_id)).status).toBe(200);
    const activities = await api.call('POST', '/users/getuseractivities', { token: user.token, body: {} });
    expect(activities.body).toMatchObject({
      data: { items: [{ action: 'Removed a script from the watch list' }, { action: 'Added a script to the watch list' }] },
    });
  });
});

describe('watch list input and access', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
  });

  it.each([
    ['addtowatchlist', {}, ['script_id']],
    ['addtowatchlist', { script_id: 'SBIN' }, ['script_id']],
    ['addtowatchlist', { script_id: ['NSE:SBIN'] }, ['script_id']],
    ['addtowatchlist', { script_id: 'NSE:SBIN', watchlist_id: 'x' }, ['(body)']],
    ['removewatchlist', {}, ['watchlist_id']],
    ['removewatchlist', { watchlist_id: 'not-an-id' }, ['watchlist_id']],
    ['removewatchlist', { watchlist_id: 12 }, ['watchlist_id']],
  ])('answers 400 with the field paths for %s %j', async (path, body, fields) => {
    const answer = await api.call('POST', `/users/watchlist/${path}`, { token: user.token, body });
    expect(answer.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope.error.code).toBe('VALIDATION_FAILED');
    expect(envelope.error.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(fields));
  });

  it('refuses query parameters on the list', async () => {
    const answer = await api.call('GET', '/users/watchlist/getwatchlist?user_id=1', { token: user.token });
    expect(answer.status).toBe(400);
  });

  it.each([
    ['GET', 'getwatchlist'],
    ['POST', 'addtowatchlist'],
    ['POST', 'removewatchlist'],
  ])('answers 401 to %s /users/watchlist/%s without a token', async (method, path) => {
    const answer = await api.call(method, `/users/watchlist/${path}`, method === 'POST' ? { body: { script_id: 'NSE:SBIN' } } : {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('routes placeorder to the order path, which refuses an incomplete ticket with the field paths', async () => {
    const answer = await api.call('POST', '/users/watchlist/placeorder', { token: user.token, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
  });
});
