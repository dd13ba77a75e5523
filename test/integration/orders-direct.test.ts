import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { dashboardSchema } from '../../shared/contracts/user';
import { orderDetailsSchema, orderSchema, placedOrderSchema, squaredOffSchema } from '../../shared/contracts/orders';
import { cursorPage } from '../../shared/contracts/paging';
import { ltpQuoteSchema } from '../../shared/contracts/scripts';
import { createDynamoPaperStore } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { roundToTick } from '../../shared/domain/tick-math';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { PLACEMENT_IN_PROGRESS_MESSAGE } from '../../functions/orders/place-order';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf, expectError } from '../support/api-answers';
import { farthestListedFuture } from '../support/listed-contracts';

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());

/** The farthest NIFTY future of the master served on the test's day (alive whatever the day). */
const NIFTY_FUTURE = farthestListedFuture('NIFTY');
const NIFTY_LOT = 65;

const errorOf = (answer: ApiAnswer) => z.object({ error: z.object({ message: z.string(), details: z.array(z.object({ path: z.string() })).optional() }) }).parse(answer.body).error;

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return connected.account.broker_id;
}

async function ltpOf(who: TestUser, scriptId: string): Promise<number> {
  return dataOf(await post(who, '/scripts/getltp', { script_id: scriptId }), ltpQuoteSchema).ltp;
}

function ticket(brokerId: string, fields: Record<string, unknown> = {}) {
  return {
    broker_id: brokerId,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    idempotency_key: `key-${randomUUID()}`,
    ...fields,
  };
}

const place = (who: TestUser, body: unknown) => post(who, '/users/broker/direct/placeorder', body);
const placed = async (who: TestUser, body: unknown) => dataOf(await place(who, body), placedOrderSchema).order;
const allOrders = async (who: TestUser) => dataOf(await post(who, '/users/getuserorders', {}), cursorPage(orderSchema)).items;

async function paperBook(who: TestUser, brokerId: string) {
  const { state } = await createDynamoPaperStore({ ...ownerOf(who), accountId: brokerId }).load();
  return state;
}

describe('POST /users/broker/direct/placeorder, updateorder, updatebrokerorder (paper account)', () => {
  it('places a LIMIT order that rests pending, modifies it, then cancels it, each step on the timeline', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const order = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    expect(order).toMatchObject({ status: 'pending', submission: 'SUBMITTED', origin: 'manual', order_type: 'LIMIT', price: farBelow, broker_id: brokerId });
    expect(order.broker_order_id).toMatch(new RegExp(`^${brokerId}-O\\d+$`));
    expect(order.tag).toMatch(/^[0-9A-Z]{20}$/);

    const lower = roundToTick(farBelow - 1, 0.05);
    const modified = dataOf(await post(alice, '/users/broker/direct/updateorder', { order_id: order.order_id, action: 'modify', price: lower, quantity: 2 }), orderSchema);
    expect(modified).toMatchObject({ status: 'pending', price: lower, quantity: 2 });
    expect((await paperBook(alice, brokerId)).orders.find((row) => row.id === order.broker_order_id)).toMatchObject({ price: lower, quantity: 2, status: 'pending' });

    const cancelled = dataOf(await post(alice, '/users/broker/direct/updateorder', { order_id: order.order_id, action: 'cancel' }), orderSchema);
    expect(cancelled.status).toBe('cancelled');
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: order.order_id }), orderDetailsSchema);
    expect(details.timeline.map((event) => event.submission)).toEqual(expect.arrayContaining(['SUBMITTING', 'SUBMITTED']));
    expect(details.timeline.at(-1)).toMatchObject({ status: 'cancelled' });
    expect(details.timeline.map((event) => event.note ?? '').join('\n')).toMatch(/Modification sent[\s\S]*Cancellation sent/);
  });

  it('converts a resting LIMIT order to MARKET, which fills', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const order = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    const converted = dataOf(await post(alice, '/users/broker/direct/updateorder', { order_id: order.order_id, action: 'converttomarket' }), orderSchema);
    expect(converted).toMatchObject({ status: 'completed', order_type: 'MARKET', price: null, filled_quantity: 1 });
  });

  it('changes an order named by the broker order id within the account', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const order = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    const body = { broker_id: brokerId, broker_order_id: order.broker_order_id, action: 'cancel' };
    const cancelled = dataOf(await post(alice, '/users/broker/direct/updatebrokerorder', body), orderSchema);
    expect(cancelled).toMatchObject({ order_id: order.order_id, status: 'cancelled' });
    const unknown = await post(alice, '/users/broker/direct/updatebrokerorder', { ...body, broker_order_id: 'NOPE-1' });
    expect(unknown.status).toBe(404);
  });

  it('refuses to change an order that is no longer pending (422) and a modification that breaks a rule (400)', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const resting = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    const offTick = await post(alice, '/users/broker/direct/updateorder', { order_id: resting.order_id, action: 'modify', price: farBelow + 0.01 });
    expect(offTick.status).toBe(400);
    expect(errorOf(offTick).details?.map((issue) => issue.path)).toEqual(['price']);
    const nothing = await post(alice, '/users/broker/direct/updateorder', { order_id: resting.order_id, action: 'modify' });
    expect(nothing.status).toBe(400);

    const filled = await placed(alice, ticket(brokerId));
    expect(filled.status).toBe('completed');
    const late = await post(alice, '/users/broker/direct/updateorder', { order_id: filled.order_id, action: 'cancel' });
    expect(late.status).toBe(422);
    expect(errorOf(late).message).toMatch(/completed; only pending orders/);
  });

  it('fills a MARKET order at once, shows the position, and squares it off', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const order = await placed(alice, ticket(brokerId, { quantity: 3 }));
    expect(order).toMatchObject({ status: 'completed', submission: 'SUBMITTED', filled_quantity: 3 });
    expect(order.average_price).toBeGreaterThan(0);
    expect((await paperBook(alice, brokerId)).positions).toMatchObject([{ product: 'DELIVERY', netQuantity: 3, instrument: { script_id: 'NSE:SBIN' } }]);

    const closing = dataOf(await post(alice, '/users/broker/direct/squareoff', { broker_id: brokerId, script_id: 'NSE:SBIN', product: 'DELIVERY' }), squaredOffSchema);
    expect(closing.orders).toMatchObject([{ transaction_type: 'SELL', order_type: 'MARKET', quantity: 3, status: 'completed', origin: 'manual' }]);
    expect((await paperBook(alice, brokerId)).positions[0]?.netQuantity).toBe(0);
    const again = await post(alice, '/users/broker/direct/squareoff', { broker_id: brokerId, script_id: 'NSE:SBIN', product: 'DELIVERY' });
    expect(again.status).toBe(422);
  });

  it('squares off every open position of the account, long and short', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    await placed(alice, ticket(brokerId, { quantity: 2 }));
    await placed(alice, ticket(brokerId, { script_id: NIFTY_FUTURE, product: 'CARRYFORWARD', transaction_type: 'SELL', quantity: NIFTY_LOT }));
    const closing = dataOf(await post(alice, '/users/broker/direct/squareoffall', { broker_id: brokerId }), squaredOffSchema);
    expect(closing.orders.map((order) => [order.script_id, order.transaction_type, order.quantity, order.status])).toEqual([
      ['NSE:SBIN', 'SELL', 2, 'completed'],
      [NIFTY_FUTURE, 'BUY', NIFTY_LOT, 'completed'],
    ]);
    expect((await paperBook(alice, brokerId)).positions.every((position) => position.netQuantity === 0)).toBe(true);
    expect(dataOf(await post(alice, '/users/broker/direct/squareoffall', { broker_id: brokerId }), squaredOffSchema).orders).toEqual([]);
  });

  it('records a paper rejection with the broker reason (and the call still answers the order)', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const answer = await place(alice, ticket(brokerId, { quantity: 1_000_000 }));
    const order = dataOf(answer, placedOrderSchema).order;
    expect(order).toMatchObject({ status: 'rejected', submission: 'REJECTED', broker_order_id: null });
    expect(order.reason).toMatch(/Insufficient paper funds/);
    expect(z.object({ result: z.string() }).parse(answer.body).result).toMatch(/^Order rejected: Insufficient paper funds/);
  });
});

describe('order rules: refused before anything is recorded or sent', () => {
  const cases: readonly [string, Record<string, unknown>, string][] = [
    ['a quantity that is not a whole number of lots', { script_id: NIFTY_FUTURE, product: 'CARRYFORWARD', quantity: NIFTY_LOT + 1 }, 'quantity'],
    ['a price off the tick', { order_type: 'LIMIT', price: 100.03 }, 'price'],
    ['a LIMIT order without a price', { order_type: 'LIMIT' }, 'price'],
    ['an SL order without a trigger price', { order_type: 'SL', price: 100 }, 'trigger_price'],
    ['DELIVERY on NFO', { script_id: NIFTY_FUTURE, product: 'DELIVERY', quantity: NIFTY_LOT }, 'product'],
    ['CARRYFORWARD on NSE', { product: 'CARRYFORWARD' }, 'product'],
  ];

  it.each(cases)('refuses %s with 400 naming the field', async (_name, fields, field) => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const answer = await place(alice, ticket(brokerId, fields));
    expect(answer.status, answer.text).toBe(400);
    expect(errorOf(answer).details?.map((issue) => issue.path)).toContain(field);
    expect(await allOrders(alice)).toEqual([]);
    expect((await paperBook(alice, brokerId)).orders).toEqual([]);
  });

  it('refuses an account whose trading flag is off, and one that is not connected (422)', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    dataOf(await post(alice, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: false }), brokerAccountSchema);
    const tradingOff = await place(alice, ticket(brokerId));
    expect(tradingOff.status).toBe(422);
    expect(errorOf(tradingOff).message).toBe('Trading is turned off for this broker account.');

    dataOf(await post(alice, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: true }), brokerAccountSchema);
    await updateBrokerAccount(ownerOf(alice), brokerId, { set: { status: 'expired' } }, { statuses: ['connected'] });
    const expired = await place(alice, ticket(brokerId));
    expect(expired.status).toBe(422);
    expect(errorOf(expired).message).toMatch(/not connected/);
    expect(await allOrders(alice)).toEqual([]);
  });
});

describe('ownership', () => {
  it("answers 404 for another user's account or order and places nothing", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    await tradingPaperAccount(mallory);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const order = await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));

    expect((await place(mallory, ticket(brokerId))).status).toBe(404);
    expect((await post(mallory, '/users/broker/direct/updateorder', { order_id: order.order_id, action: 'cancel' })).status).toBe(404);
    expect((await post(mallory, '/users/getorderdetails', { order_id: order.order_id })).status).toBe(404);
    expect((await post(mallory, '/users/broker/direct/squareoffall', { broker_id: brokerId })).status).toBe(404);
    expect((await post(mallory, '/users/getuserorders', { broker_id: brokerId })).status).toBe(404);
    expect(await allOrders(mallory)).toEqual([]);
    expect((await paperBook(alice, brokerId)).orders).toHaveLength(1);
    expect((await allOrders(alice)).map((row) => row.status)).toEqual(['pending']);
  });
});

describe('idempotency', () => {
  it('answers the first order to a retried key, and 409 to the key reused for another order', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const body = ticket(brokerId, { quantity: 2 });
    const first = dataOf(await place(alice, body), placedOrderSchema);
    const retried = dataOf(await place(alice, body), placedOrderSchema);
    expect(first.replayed).toBe(false);
    expect(retried).toMatchObject({ replayed: true, order: { order_id: first.order.order_id } });
    const reused = await place(alice, { ...body, quantity: 3 });
    expect(reused.status).toBe(409);
    expect(await allOrders(alice)).toHaveLength(1);
    expect((await paperBook(alice, brokerId)).orders).toHaveLength(1);
  });

  it('places one order for 30 concurrent requests with the same key: each answers that order or 409 in progress, never a business error', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const body = ticket(brokerId);
    const answers = await Promise.all(Array.from({ length: 30 }, () => place(alice, body)));
    const placedAnswers = answers.filter((answer) => answer.status === 200);
    const inProgress = answers.filter((answer) => answer.status === 409);
    expect(placedAnswers.length + inProgress.length, answers.map((answer) => answer.status).join(',')).toBe(30);
    expect(new Set(placedAnswers.map((answer) => dataOf(answer, placedOrderSchema).order.order_id)).size).toBe(1);
    for (const answer of inProgress) expect(expectError(answer, 409).message).toBe(PLACEMENT_IN_PROGRESS_MESSAGE);
    const later = dataOf(await place(alice, body), placedOrderSchema);
    expect(later.replayed).toBe(true);
    if (placedAnswers[0]) expect(later.order.order_id).toBe(dataOf(placedAnswers[0], placedOrderSchema).order.order_id);
    expect((await paperBook(alice, brokerId)).orders).toHaveLength(1);
  });

  it('answers a retry with the first order even after trading was turned off; a new key gets the refusal', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const body = ticket(brokerId);
    const first = dataOf(await place(alice, body), placedOrderSchema);
    dataOf(await post(alice, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: false }), brokerAccountSchema);
    const retried = dataOf(await place(alice, body), placedOrderSchema);
    expect(retried).toMatchObject({ replayed: true, order: { order_id: first.order.order_id } });
    expectError(await place(alice, { ...body, idempotency_key: `key-${randomUUID()}` }), 422);
  });
});

describe("the dashboard's orders today", () => {
  it('counts the orders placed today by status', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const before = dataOf(await api.call('GET', '/users/dashboard', { token: alice.token }), dashboardSchema).orders_today;
    expect(before).toEqual({ pending: 0, completed: 0, cancelled: 0, rejected: 0, failed: 0 });
    await placed(alice, ticket(brokerId));
    await placed(alice, ticket(brokerId, { quantity: 1_000_000 }));
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    await placed(alice, ticket(brokerId, { order_type: 'LIMIT', price: farBelow }));
    const after = dataOf(await api.call('GET', '/users/dashboard', { token: alice.token }), dashboardSchema).orders_today;
    expect(after).toEqual({ pending: 1, completed: 1, cancelled: 0, rejected: 1, failed: 0 });
  });
});
