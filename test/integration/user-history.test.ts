import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowMs } from '../../functions/platform/clock';
import { describe, expect, it } from 'vitest';
import { recordActivity } from '../../functions/data/activities-repository';
import { ledgerKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { tradingDay } from '../../shared/domain/market-clock';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
const DAY_MS = 86_400_000;

interface Page<T> {
  readonly items: T[];
  readonly next_cursor: string | null;
}
type ActivityRow = { id: string; action: string; create_time: string };
type LedgerRow = { id: string; type: string; amount: number; balance_after: number; description: string; create_time: string };

async function activityAt(who: TestUser, at: Date | string, action = 'Did something'): Promise<string> {
  const when = typeof at === 'string' ? new Date(at) : at;
  await recordActivity(
    { frchId: who.user.frch_id, userId: who.user.user_id, action, operation: 'test.op', ip: '10.0.0.1', userAgent: 'vitest' },
    when,
  );
  return when.toISOString();
}

async function activities(who: TestUser, body: Record<string, unknown> = {}) {
  return api.call('POST', '/users/getuseractivities', { token: who.token, body });
}

function pageOf<T>(answer: { status: number; body: unknown }): Page<T> {
  expect(answer.status).toBe(200);
  return (answer.body as { data: Page<T> }).data;
}

async function allPages<T>(fetchPage: (cursor?: string) => Promise<{ status: number; body: unknown }>): Promise<{ pages: T[][] }> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = pageOf<T>(await fetchPage(cursor));
    pages.push(page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { pages };
}

describe('POST /users/getuseractivities', () => {
  it('defaults to the last 30 days, newest first', async () => {
    // Prepare
    const alice = await createTestUser();
    const now = nowMs();
    const recent = await activityAt(alice, new Date(now - 60_000), 'recent');
    const older = await activityAt(alice, new Date(now - 29 * DAY_MS), 'older');
    await activityAt(alice, new Date(now - 32 * DAY_MS), 'too old');
    // Act
    const page = pageOf<ActivityRow>(await activities(alice));
    // Assess
    expect(page.items.map((a) => [a.action, a.create_time])).toEqual([
      ['recent', recent],
      ['older', older],
    ]);
    expect(page.next_cursor).toBeNull();
  });

  it('filters by whole Asia/Kolkata days', async () => {
    const alice = await createTestUser();
    await activityAt(alice, '2025-03-10T18:29:00.000Z', 'late on the 10th (IST)');
    await activityAt(alice, '2025-03-10T18:31:00.000Z', 'just after midnight on the 11th (IST)');
    await activityAt(alice, '2025-03-12T10:00:00.000Z', 'on the 12th');
    await activityAt(alice, '2025-03-12T18:30:00.000Z', 'midnight starting the 13th (IST)');
    const eleventh = pageOf<ActivityRow>(await activities(alice, { from_date: '2025-03-11', to_date: '2025-03-11' }));
    const span = pageOf<ActivityRow>(await activities(alice, { from_date: '2025-03-10', to_date: '2025-03-12' }));
    expect(eleventh.items.map((a) => a.action)).toEqual(['just after midnight on the 11th (IST)']);
    expect(span.items.map((a) => a.action)).toEqual(['on the 12th', 'just after midnight on the 11th (IST)', 'late on the 10th (IST)']);
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const alice = await createTestUser();
    const times = [1, 2, 3, 4, 5].map((minute) => `2025-04-01T06:0${minute}:00.000Z`);
    for (const at of times) await activityAt(alice, at);
    const range = { from_date: '2025-04-01', to_date: '2025-04-01', limit: 2 };
    const { pages } = await allPages<ActivityRow>((cursor) => activities(alice, { ...range, ...(cursor ? { cursor } : {}) }));
    expect(pages.map((items) => items.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((a) => a.create_time)).toEqual([...times].reverse());
  });

  it("never shows another user's activities, and refuses their cursor", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    for (const minute of [1, 2, 3]) await activityAt(alice, `2025-05-05T06:0${minute}:00.000Z`, 'alice did it');
    const range = { from_date: '2025-05-05', to_date: '2025-05-05' };
    const alicePage = pageOf<ActivityRow>(await activities(alice, { ...range, limit: 1 }));
    const bobPage = pageOf<ActivityRow>(await activities(bob, range));
    expect(bobPage.items).toEqual([]);
    expect(alicePage.next_cursor).toBeTruthy();
    const stolen = await activities(bob, { ...range, limit: 1, cursor: alicePage.next_cursor });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ status: false, error: { message: 'Invalid page cursor' } });
    expect(stolen.text).not.toContain('alice did it');
  });

  it('refuses a cursor from another date range, and a forged one', async () => {
    const alice = await createTestUser();
    for (const minute of [1, 2]) await activityAt(alice, `2025-06-01T06:0${minute}:00.000Z`);
    const first = pageOf<ActivityRow>(await activities(alice, { from_date: '2025-06-01', to_date: '2025-06-01', limit: 1 }));
    const otherRange = await activities(alice, { from_date: '2025-07-01', to_date: '2025-07-02', cursor: first.next_cursor });
    const forged = await activities(alice, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(otherRange.status).toBe(400);
    expect(forged.status).toBe(400);
  });

  it.each([
    ['to before from', { from_date: '2025-03-10', to_date: '2025-03-09' }, 'to_date'],
    ['a range over 366 days', { from_date: '2024-01-01', to_date: '2025-01-02' }, 'from_date'],
    ['an impossible date', { from_date: '2025-02-30', to_date: '2025-03-01' }, 'from_date'],
    ['another date format', { from_date: '10-03-2025' }, 'from_date'],
    ['a from date in the future with no to date', { from_date: '2999-01-01' }, 'to_date'],
    ['an unknown field', { user_id: 1 }, ''],
    ['a zero limit', { limit: 0 }, 'limit'],
    ['a limit over 100', { limit: 101 }, 'limit'],
    ['a limit of the wrong type', { limit: '5' }, 'limit'],
    ['a cursor of the wrong type', { cursor: 5 }, 'cursor'],
  ])('answers 400 for %s', async (_, body, path) => {
    const alice = await createTestUser();
    const answer = await activities(alice, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
    if (path) expect((answer.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path)).toContain(path);
  });

  it('accepts a range of exactly 366 days and only one end of a range', async () => {
    const alice = await createTestUser();
    expect((await activities(alice, { from_date: '2024-01-01', to_date: '2025-01-01' })).status).toBe(200);
    expect((await activities(alice, { to_date: '2025-01-01' })).status).toBe(200);
    expect((await activities(alice, { from_date: tradingDay(new Date(nowMs() - 10 * DAY_MS)) })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await api.call('POST', '/users/getuseractivities', { body: {} })).status).toBe(401);
  });
});

describe('POST /users/getuserledger', () => {
  async function ledgerEntry(who: TestUser, atIso: string, id: string, amount: number) {
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          ...ledgerKeys.item(who.user.frch_id, who.user.user_id, atIso, id),
          entity: 'ledger-entry',
          id,
          type: amount >= 0 ? 'credit' : 'debit',
          amount: Math.abs(amount),
          balance_after: 100 + amount,
          description: `entry ${id}`,
          createdAt: atIso,
        },
      }),
    );
  }

  const ledger = (who: TestUser, body: Record<string, unknown> = {}) => api.call('POST', '/users/getuserledger', { token: who.token, body });

  it('is empty for a new user', async () => {
    const alice = await createTestUser();
    expect(pageOf<LedgerRow>(await ledger(alice))).toEqual({ items: [], next_cursor: null });
  });

  it('lists the entries of the range newest first, with cursor paging, and only the caller’s', async () => {
    // Prepare
    const alice = await createTestUser();
    const bob = await createTestUser();
    await ledgerEntry(alice, '2025-08-01T04:00:00.000Z', 'L1', 50);
    await ledgerEntry(alice, '2025-08-02T04:00:00.000Z', 'L2', -20);
    await ledgerEntry(alice, '2025-08-03T04:00:00.000Z', 'L3', 10);
    await ledgerEntry(alice, '2025-09-01T04:00:00.000Z', 'L4', 5);
    const range = { from_date: '2025-08-01', to_date: '2025-08-31' };
    // Act
    const { pages } = await allPages<LedgerRow>((cursor) => ledger(alice, { ...range, limit: 2, ...(cursor ? { cursor } : {}) }));
    const firstPage = pageOf<LedgerRow>(await ledger(alice, { ...range, limit: 2 }));
    const bobs = pageOf<LedgerRow>(await ledger(bob, range));
    const stolen = await ledger(bob, { ...range, cursor: firstPage.next_cursor });
    // Assess
    expect(pages.flat().map((e) => e.id)).toEqual(['L3', 'L2', 'L1']);
    // Entries written before the wallet kept paise (whole credits, no reason) read in today's shape.
    expect(pages.flat()[1]).toEqual({
      id: 'L2',
      type: 'debit',
      amount: 20,
      balance_after: 80,
      amount_paise: 2_000,
      balance_after_paise: 8_000,
      reason: 'broker_subscription',
      reference: {},
      description: 'entry L2',
      create_time: '2025-08-02T04:00:00.000Z',
    });
    expect(bobs.items).toEqual([]);
    expect(stolen.status).toBe(400);
  });

  it('applies the same range rules', async () => {
    const alice = await createTestUser();
    expect((await ledger(alice, { from_date: '2025-03-10', to_date: '2025-03-09' })).status).toBe(400);
    expect((await ledger(alice, { from_date: '2020-01-01', to_date: '2025-01-01' })).status).toBe(400);
    expect((await ledger(alice, { amount: 5 })).status).toBe(400);
  });
});
