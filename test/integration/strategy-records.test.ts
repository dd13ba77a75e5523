import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ENV } from '../../shared/config/env-names';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupSchema } from '../../shared/contracts/groups';
import { placedOrderSchema, type Order } from '../../shared/contracts/orders';
import {
  FUTURE_RECORD_DATE_MESSAGE,
  STRATEGY_RECORD_CHANGED_MESSAGE,
  STRATEGY_RECORD_NOT_FOUND_MESSAGE,
  STRATEGY_RECORDS_NOTICE,
  strategyRecordSchema,
  strategyRecordsAnswerSchema,
} from '../../shared/contracts/strategy-records';
import { formatDay, marketDayOf } from '../../shared/domain/market-clock';
import { nowMs, useClock } from '../../functions/platform/clock';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { resetConfigForTests } from '../../functions/platform/config';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Strategy records end to end (issue 21): the owner's entries (CRUD, bad input, versions), who may read
 * them (the owner and permitted users; not a user only browsing a PUBLIC strategy) and write them (the owning broker panel only),
 * and the computed day against the paper fills of the strategy's master. A franchise of its own, so
 * franchises 1 and 2 are never touched; the clock is held at the instant the file starts, and every
 * date is counted from that day (tokens are checked against real time, so the clock cannot be moved far).
 */
const api = useGateway();
const FRANCHISE = 800_000 + randomInt(0, 100_000);
const OTHER_FRANCHISE = FRANCHISE + 100_000;
const START = new Date(Math.floor(nowMs() / 1000) * 1000);
const TODAY_NUMBER = marketDayOf(START);
/** The India trading day `offset` days from today, yyyy-MM-dd. */
const day = (offset: number) => formatDay(TODAY_NUMBER + offset);
const TODAY = day(0);
const PATH = '/users/groups/strategies';

let restoreClock: () => void = () => undefined;
let restoreSettings: () => void = () => undefined;
let panel: TestUser;
let viewer: TestUser;
let browser: TestUser;
let otherPanel: TestUser;
let foreignPanel: TestUser;
let strategyId: string;
let masterId: string;

/** Each franchise of this file answers on a host of its own (a token is good only on its franchise's host). */
const hostOf = (frchId: number) => `records-${frchId}.localhost`;
function mapFranchiseHosts(): void {
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [hostOf(FRANCHISE)]: FRANCHISE, [hostOf(OTHER_FRANCHISE)]: OTHER_FRANCHISE });
  resetConfigForTests();
}

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body, host: hostOf(who.user.frch_id) });
const call = (who: TestUser, name: string, body: Record<string, unknown>) => post(who, `${PATH}/${name}`, body);
const recordsOf = async (who: TestUser, body: Record<string, unknown> = {}) =>
  dataOf(await call(who, 'getstrategyrecords', { group_id: strategyId, ...body }), strategyRecordsAnswerSchema);

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

async function strategyOf(who: TestUser, visibility: 'PUBLIC' | 'PRIVATE'): Promise<{ grpId: string; masterId: string }> {
  const group = dataOf(await post(who, '/users/groups/addgroup', { grp_name: 'Nifty momentum', trading_enabled: true }), groupSchema);
  const master = await tradingPaperAccount(who);
  dataOf(await post(who, '/users/groups/connectmaster', { group_id: group.grp_id, broker_id: master }), groupSchema);
  dataOf(await post(who, '/users/groups/updatestrategy', { group_id: group.grp_id, is_strategy: true, visibility, strategy_description: 'Intraday' }), groupSchema);
  return { grpId: group.grp_id, masterId: master };
}

async function placeOnMaster(scriptId: string, side: 'BUY' | 'SELL', quantity: number): Promise<Order> {
  const body = { broker_id: masterId, script_id: scriptId, transaction_type: side, order_type: 'MARKET', product: 'INTRADAY', quantity, idempotency_key: `key-${randomUUID()}` };
  const { order } = dataOf(await post(panel, '/users/broker/direct/placeorder', body), placedOrderSchema);
  expect(order.status, order.reason ?? '').toBe('completed');
  return order;
}

const record = { date: day(-1), title: 'Expiry day hedge', notes: 'Rolled the short strangle.', pnl: 1250.5 };

beforeAll(async () => {
  restoreClock = useClock(START);
  mapFranchiseHosts();
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
  panel = await createTestUser({ frchId: FRANCHISE, roles: { is_brokerpanel: true } });
  otherPanel = await createTestUser({ frchId: FRANCHISE, roles: { is_brokerpanel: true } });
  viewer = await createTestUser({ frchId: FRANCHISE });
  foreignPanel = await createTestUser({ frchId: OTHER_FRANCHISE, roles: { is_brokerpanel: true } });
  browser = await createTestUser({ frchId: FRANCHISE });
  ({ grpId: strategyId, masterId } = await strategyOf(panel, 'PUBLIC'));
  // The viewer is permitted (as a subscriber will be); the browser only sees the PUBLIC strategy's plans.
  expect((await call(panel, 'updatestrategypermission', { group_id: strategyId, emails: [viewer.user.email], allowed: true })).status).toBe(200);
});
afterAll(() => {
  restoreSettings();
  restoreClock();
});

describe('the owner’s strategy records', () => {
  it('adds, lists newest first, updates at the version read and deletes', async () => {
    const first = dataOf(await call(panel, 'addstrategyrecord', { group_id: strategyId, ...record }), strategyRecordSchema);
    expect(first).toMatchObject({ group_id: strategyId, ...record, version: 1 });
    const second = dataOf(await call(panel, 'addstrategyrecord', { group_id: strategyId, date: TODAY, title: 'Quiet day', pnl: -300 }), strategyRecordSchema);
    expect(second.notes).toBe('');

    const listed = await recordsOf(panel);
    expect(listed.records.map((entry) => entry.record_id)).toEqual([second.record_id, first.record_id]);
    expect(listed).toMatchObject({ notice: STRATEGY_RECORDS_NOTICE, from_date: day(-29), to_date: TODAY });
    expect(listed.computed.label).toBe('computed');

    const changed = dataOf(await call(panel, 'updatestrategyrecord', { group_id: strategyId, record_id: first.record_id, version: 1, ...record, pnl: 99.99 }), strategyRecordSchema);
    expect(changed).toMatchObject({ pnl: 99.99, version: 2 });
    const stale = await call(panel, 'updatestrategyrecord', { group_id: strategyId, record_id: first.record_id, version: 1, ...record });
    expectError(stale, 409, STRATEGY_RECORD_CHANGED_MESSAGE);

    dataOf(await call(panel, 'deletestrategyrecord', { group_id: strategyId, record_id: second.record_id }), z.object({ record_id: z.string() }));
    expectError(await call(panel, 'deletestrategyrecord', { group_id: strategyId, record_id: second.record_id }), 404, STRATEGY_RECORD_NOT_FOUND_MESSAGE);
    expectError(await call(panel, 'updatestrategyrecord', { group_id: strategyId, record_id: second.record_id, version: 1, ...record }), 404, STRATEGY_RECORD_NOT_FOUND_MESSAGE);
    expect((await recordsOf(panel)).records.map((entry) => entry.record_id)).toEqual([first.record_id]);
  });

  it('lists only the records of the range asked for', async () => {
    const old = dataOf(await call(panel, 'addstrategyrecord', { group_id: strategyId, ...record, date: day(-100) }), strategyRecordSchema);
    expect((await recordsOf(panel)).records.map((entry) => entry.record_id)).not.toContain(old.record_id);
    const august = await recordsOf(panel, { from_date: day(-110), to_date: day(-90) });
    expect(august.records.map((entry) => entry.record_id)).toEqual([old.record_id]);
  });

  it('refuses bad input with the field paths, a future date and a range over 93 days', async () => {
    const bad = expectError(await call(panel, 'addstrategyrecord', { group_id: strategyId, date: '2025-02-30', title: '', notes: 'x'.repeat(1001), pnl: 10.005 }), 400);
    expect(bad.details?.map((issue) => issue.path).sort()).toEqual(['date', 'notes', 'pnl', 'title']);
    const future = expectError(await call(panel, 'addstrategyrecord', { group_id: strategyId, ...record, date: day(1) }), 400, FUTURE_RECORD_DATE_MESSAGE);
    expect(future.details).toEqual([{ path: 'date', message: FUTURE_RECORD_DATE_MESSAGE }]);
    expectError(await call(panel, 'getstrategyrecords', { group_id: strategyId, from_date: day(-93), to_date: TODAY }), 400);
    expectError(await call(panel, 'getstrategyrecords', { group_id: strategyId, from_date: day(-1), to_date: day(-2) }), 400);
    expectError(await call(panel, 'getstrategyrecords', { group_id: 'not-an-id' }), 400);
  });
});

describe('who may read and write records', () => {
  it('shows them to a permitted user, who may not write them, and never to a user only browsing a PUBLIC strategy', async () => {
    const hiddenFromBrowser = await call(browser, 'getstrategyrecords', { group_id: strategyId });
    expectError(hiddenFromBrowser, 404);
    expect(JSON.stringify(hiddenFromBrowser.body)).toContain('shown only to its owner');
    expect((await call(browser, 'getstrategyplans', { group_id: strategyId })).status).toBe(200);
    const read = await recordsOf(viewer);
    expect(read.records.length).toBeGreaterThan(0);
    expect(read.notice).toBe(STRATEGY_RECORDS_NOTICE);
    expectError(await call(viewer, 'addstrategyrecord', { group_id: strategyId, ...record }), 403);
    expectError(await call(otherPanel, 'addstrategyrecord', { group_id: strategyId, ...record }), 404);
    const { record_id: recordId } = (await recordsOf(panel)).records[0]!;
    expectError(await call(otherPanel, 'deletestrategyrecord', { group_id: strategyId, record_id: recordId }), 404);
    expectError(await call(viewer, 'deletestrategyrecord', { group_id: strategyId, record_id: recordId }), 403);
  });

  it('answers 404 to another franchise, and for a PRIVATE strategy to a user not permitted', async () => {
    expectError(await call(foreignPanel, 'getstrategyrecords', { group_id: strategyId }), 404);
    expectError(await call(foreignPanel, 'addstrategyrecord', { group_id: strategyId, ...record }), 404);
    const hidden = await strategyOf(otherPanel, 'PRIVATE');
    expectError(await call(viewer, 'getstrategyrecords', { group_id: hidden.grpId }), 404);
    expectError(await call(panel, 'addstrategyrecord', { group_id: hidden.grpId, ...record }), 404);
    dataOf(await call(otherPanel, 'getstrategyrecords', { group_id: hidden.grpId }), strategyRecordsAnswerSchema);
  });
});

describe('the computed record', () => {
  it('matches the paper fills of the master: trades, realized P&L and win rate of the day', async () => {
    const buy = await placeOnMaster('NSE:SBIN', 'BUY', 3);
    const sell = await placeOnMaster('NSE:SBIN', 'SELL', 3);
    // Left open at the day's end: a trade, but nothing realized and no round trip.
    await placeOnMaster('NSE:INFY', 'BUY', 2);
    const realized = Math.round((sell.average_price! - buy.average_price!) * 3 * 100) / 100;
    const answer = await recordsOf(viewer);
    expect(answer.computed).toEqual({
      label: 'computed',
      master_broker_id: masterId,
      days: [
        {
          date: TODAY,
          trades: 3,
          realized_pnl: realized,
          closed_round_trips: 1,
          winning_round_trips: realized > 0 ? 1 : 0,
          win_rate: realized > 0 ? 100 : 0,
        },
      ],
    });
    expect((await recordsOf(viewer, { from_date: day(-10), to_date: day(-1) })).computed.days).toEqual([]);
  });
});
