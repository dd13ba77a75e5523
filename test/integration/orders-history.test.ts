import { randomUUID } from 'node:crypto';
import { now as clockNow, nowMs } from '../../functions/platform/clock';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { orderDetailsSchema, orderSchema, placedOrderSchema } from '../../shared/contracts/orders';
import { cursorPage } from '../../shared/contracts/paging';
import { ltpQuoteSchema } from '../../shared/contracts/scripts';
import { tradingDay } from '../../shared/domain/market-clock';
import { createPaperAdapter } from '../../functions/broker-adapters/paper/paper-adapter';
import { createDynamoPaperStore } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { roundToTick } from '../../shared/domain/tick-math';
import type { OrderOrigin } from '../../functions/data/orders/order';
import { writeOrderIntent } from '../../functions/data/orders/order-placement';
import { findScript } from '../../functions/market/ltp';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());

const DAY_MS = 86_400_000;
const pageSchema = cursorPage(orderSchema);

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const pageOf = async (who: TestUser, path: string, body: Record<string, unknown> = {}) => dataOf(await post(who, path, body), pageSchema);
const idsOf = (orders: readonly { order_id: string }[]) => orders.map((order) => order.order_id);

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return connected.account.broker_id;
}

async function placeThroughApi(who: TestUser, brokerId: string, fields: Record<string, unknown> = {}) {
  const body = { broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `key-${randomUUID()}`, ...fields };
  return dataOf(await post(who, '/users/broker/direct/placeorder', body), placedOrderSchema).order;
}

/** A settled order recorded at `at` (as other origins and earlier days will have written them). */
async function recordedOrder(who: TestUser, brokerId: string, at: Date, fields: { origin?: OrderOrigin; scriptId?: string } = {}): Promise<string> {
  const orderId = ulid(at.getTime());
  const written = await writeOrderIntent(
    ownerOf(who),
    {
      order_id: orderId,
      tag: orderId.slice(-20),
      broker_id: brokerId,
      broker: 'paper',
      origin: fields.origin ?? 'manual',
      instrument: await findScript(fields.scriptId ?? 'NSE:SBIN'),
      transaction_type: 'BUY',
      order_type: 'MARKET',
      product: 'DELIVERY',
      quantity: 1,
      price: null,
      trigger_price: null,
      status: 'completed',
      submission: 'SUBMITTED',
      broker_order_id: `${brokerId}-X${orderId}`,
      reason: null,
      filled_quantity: 1,
      average_price: 100,
    },
    null,
    'recorded by the test',
    at,
  );
  if (written.kind !== 'written') throw new Error('order not recorded');
  return orderId;
}

describe('POST /users/getuserorders and getindividualorderhistory', () => {
  it('defaults to the last 30 days, newest first, and takes explicit dates', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const now = nowMs();
    const tenDaysAgo = await recordedOrder(alice, brokerId, new Date(now - 10 * DAY_MS));
    const fortyDaysAgo = await recordedOrder(alice, brokerId, new Date(now - 40 * DAY_MS));
    const today = (await placeThroughApi(alice, brokerId)).order_id;

    expect(idsOf((await pageOf(alice, '/users/getuserorders')).items)).toEqual([today, tenDaysAgo]);
    expect(idsOf((await pageOf(alice, '/users/getindividualorderhistory')).items)).toEqual([today, tenDaysAgo]);
    const from = tradingDay(new Date(now - 45 * DAY_MS));
    const to = tradingDay(new Date(now - 5 * DAY_MS));
    expect(idsOf((await pageOf(alice, '/users/getuserorders', { from_date: from, to_date: to })).items)).toEqual([tenDaysAgo, fortyDaysAgo]);
    const reversed = await post(alice, '/users/getuserorders', { from_date: to, to_date: from });
    expect(reversed.status).toBe(400);
  });

  it('filters by status, origin, account and symbol; individual history leaves copy-trading orders out', async () => {
    const alice = await createTestUser();
    const first = await tradingPaperAccount(alice);
    const second = await tradingPaperAccount(alice);
    const now = nowMs();
    const completed = (await placeThroughApi(alice, first)).order_id;
    const rejected = (await placeThroughApi(alice, first, { quantity: 1_000_000 })).order_id;
    const onSecond = (await placeThroughApi(alice, second, { script_id: 'NSE:INFY' })).order_id;
    const fromBridge = await recordedOrder(alice, first, new Date(now - DAY_MS), { origin: 'bridge', scriptId: 'NSE:RELIANCE' });
    const fromGroup = await recordedOrder(alice, first, new Date(now - 2 * DAY_MS), { origin: 'copytrading' });

    expect(idsOf((await pageOf(alice, '/users/getuserorders', { status: 'rejected' })).items)).toEqual([rejected]);
    expect(idsOf((await pageOf(alice, '/users/getuserorders', { origin: 'bridge' })).items)).toEqual([fromBridge]);
    expect(idsOf((await pageOf(alice, '/users/getuserorders', { broker_id: second })).items)).toEqual([onSecond]);
    expect(idsOf((await pageOf(alice, '/users/getuserorders', { symbol: 'relia' })).items)).toEqual([fromBridge]);
    expect(idsOf((await pageOf(alice, '/users/getuserorders')).items)).toEqual([onSecond, rejected, completed, fromBridge, fromGroup]);
    expect(idsOf((await pageOf(alice, '/users/getindividualorderhistory')).items)).toEqual([onSecond, rejected, completed, fromBridge]);
    expect(idsOf((await pageOf(alice, '/users/getindividualorderhistory', { origin: 'copytrading' })).items)).toEqual([]);
    expect(idsOf((await pageOf(alice, '/users/getgrouporderhistory')).items)).toEqual([fromGroup]);
  });

  it('pages with a cursor, without gaps or repeats, and refuses a cursor from elsewhere', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const now = nowMs();
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.unshift(await recordedOrder(alice, brokerId, new Date(now - (5 - index) * 3_600_000)));
    const seen: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await pageOf(alice, '/users/getuserorders', { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(idsOf(page.items));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen.flat()).toEqual(ids);
    expect(seen.slice(0, 2).map((page) => page.length)).toEqual([2, 2]);

    const firstPage = await pageOf(alice, '/users/getuserorders', { limit: 2 });
    expect((await post(bob, '/users/getuserorders', { cursor: firstPage.next_cursor })).status).toBe(400);
    expect((await post(alice, '/users/getuserorders', { cursor: 'not-a-cursor' })).status).toBe(400);
    const filtered = await pageOf(alice, '/users/getuserorders', { limit: 2, status: 'completed' });
    expect(idsOf(filtered.items)).toEqual(ids.slice(0, 2));
  });

  it('answers an empty group history for a user without copy-trading orders', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    await placeThroughApi(alice, brokerId);
    expect(await pageOf(alice, '/users/getgrouporderhistory')).toEqual({ items: [], next_cursor: null });
  });

  it("refuses another user's account as a filter with 404", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    for (const path of ['/users/getuserorders', '/users/getindividualorderhistory', '/users/getgrouporderhistory']) {
      expect((await post(bob, path, { broker_id: brokerId })).status).toBe(404);
    }
  });
});

describe('status refresh and details', () => {
  it("refreshes a pending order from the broker's order book when it is read", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const ltp = dataOf(await post(alice, '/scripts/getltp', { script_id: 'NSE:SBIN' }), ltpQuoteSchema).ltp;
    const resting = await placeThroughApi(alice, brokerId, { order_type: 'LIMIT', price: roundToTick(ltp * 0.5, 0.05) });
    const store = createDynamoPaperStore({ ...ownerOf(alice), accountId: brokerId });
    const outside = createPaperAdapter({ load: store.load, save: store.save, clock: () => clockNow(), always_open: true });
    await outside.cancelOrder(resting.broker_order_id ?? '');

    const [listed] = (await pageOf(alice, '/users/getuserorders')).items;
    expect(listed).toMatchObject({ order_id: resting.order_id, status: 'cancelled', reason: 'Cancelled by the user' });
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: resting.order_id }), orderDetailsSchema);
    expect(details.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'Broker: CANCELLED: Cancelled by the user' });
  });

  it("answers the order with its timeline and the broker's reason", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const rejected = await placeThroughApi(alice, brokerId, { quantity: 1_000_000 });
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: rejected.order_id }), orderDetailsSchema);
    expect(details).toMatchObject({ order_id: rejected.order_id, status: 'rejected', submission: 'REJECTED', script_id: 'NSE:SBIN', lot_size: 1 });
    expect(details.reason).toMatch(/Insufficient paper funds/);
    expect(details.timeline).toEqual([
      { at: details.create_time, status: 'pending', submission: 'SUBMITTING', note: 'Recorded; sending to the broker' },
      { at: details.update_time, status: 'rejected', submission: 'REJECTED', note: `Rejected by the broker: ${details.reason}` },
    ]);
    expect((await post(alice, '/users/getorderdetails', { order_id: ulid() })).status).toBe(404);
    expect((await post(alice, '/users/getorderdetails', { order_id: 'nope' })).status).toBe(400);
  });
});
