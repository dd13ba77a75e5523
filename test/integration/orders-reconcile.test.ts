import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { orderDetailsSchema, placedOrderSchema } from '../../shared/contracts/orders';
import type { BrokerAdapter, OrderRequest, PlaceOutcome } from '../../functions/broker-adapters/broker-adapter';
import { BrokerRateLimitedError, BrokerSessionExpiredError } from '../../functions/broker-adapters/http/broker-errors';
import { createDynamoPaperStore } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * Ambiguous outcomes: the account's adapter is the paper broker wrapped in a double that misbehaves
 * on `placeOrder` as each test tells it to (per account id), counting the calls that reach it.
 */
type PlaceBehaviour = (inner: BrokerAdapter, order: OrderRequest) => Promise<PlaceOutcome>;

const behaviours = new Map<string, PlaceBehaviour>();
const placeCalls = new Map<string, number>();
const brokenBooks = new Set<string>();

function timeout(): Error {
  const error = new Error('Request to the broker timed out after 5000 ms');
  error.name = 'TimeoutError';
  return error;
}

const recordsThenTimesOut: PlaceBehaviour = async (inner, order) => {
  await inner.placeOrder(order);
  throw timeout();
};
const timesOutBeforeSending: PlaceBehaviour = async () => {
  throw timeout();
};
const answersUnknownAfterRecording: PlaceBehaviour = async (inner, order) => {
  await inner.placeOrder(order);
  return { kind: 'unknown', reason: 'HTTP 504 after sending' };
};

function doubleOver(inner: BrokerAdapter, accountId: string): BrokerAdapter {
  return {
    ...inner,
    placeOrder: async (order) => {
      placeCalls.set(accountId, (placeCalls.get(accountId) ?? 0) + 1);
      const behaviour = behaviours.get(accountId);
      return behaviour ? behaviour(inner, order) : inner.placeOrder(order);
    },
    orderBook: async () => {
      if (brokenBooks.has(accountId)) throw timeout();
      return inner.orderBook();
    },
  };
}

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 5, wrapAdapter: (adapter, account) => doubleOver(adapter, account.broker_id) });
});
afterAll(() => restoreSettings());

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

async function tradingPaperAccount(who: TestUser, behaviour?: PlaceBehaviour): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  const brokerId = connected.account.broker_id;
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: true }), brokerAccountSchema);
  if (behaviour) behaviours.set(brokerId, behaviour);
  return brokerId;
}

const placeMarket = async (who: TestUser, brokerId: string) =>
  dataOf(
    await post(who, '/users/broker/direct/placeorder', {
      broker_id: brokerId,
      script_id: 'NSE:SBIN',
      transaction_type: 'BUY',
      order_type: 'MARKET',
      product: 'DELIVERY',
      quantity: 1,
      idempotency_key: `key-${randomUUID()}`,
    }),
    placedOrderSchema,
  ).order;

async function paperOrders(who: TestUser, brokerId: string) {
  const { state } = await createDynamoPaperStore({ frchId: who.user.frch_id, userId: who.user.user_id, accountId: brokerId }).load();
  return state.orders;
}

const detailsOf = async (who: TestUser, orderId: string) => dataOf(await post(who, '/users/getorderdetails', { order_id: orderId }), orderDetailsSchema);

describe('an order whose outcome is unknown is settled by its tag in the order book, never re-sent', () => {
  it('finds an order the broker recorded before timing out: SUBMITTED once, one order in the paper book', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice, recordsThenTimesOut);
    const order = await placeMarket(alice, brokerId);
    const book = await paperOrders(alice, brokerId);
    expect(placeCalls.get(brokerId)).toBe(1);
    expect(book).toHaveLength(1);
    expect(book[0]?.tag).toBe(order.tag);
    expect(order).toMatchObject({ submission: 'SUBMITTED', status: 'completed', broker_order_id: book[0]?.id, reason: null });
    const details = await detailsOf(alice, order.order_id);
    expect(details.timeline.map((event) => event.submission)).toEqual(['SUBMITTING', 'UNKNOWN', 'SUBMITTED', 'SUBMITTED']);
    expect(details.timeline[1]?.note).toMatch(/timed out/);
    expect(details.timeline[2]?.note).toMatch(new RegExp(`by tag ${order.tag}`));
    expect(await paperOrders(alice, brokerId)).toHaveLength(1);
  });

  it("settles the port's own 'unknown' answer the same way", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice, answersUnknownAfterRecording);
    const order = await placeMarket(alice, brokerId);
    expect(order).toMatchObject({ submission: 'SUBMITTED', status: 'completed' });
    expect(await paperOrders(alice, brokerId)).toHaveLength(1);
  });

  it('fails an order the broker never received, after the re-check, with the reason', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice, timesOutBeforeSending);
    const order = await placeMarket(alice, brokerId);
    expect(order).toMatchObject({ status: 'failed', submission: 'REJECTED', broker_order_id: null });
    expect(order.reason).toMatch(new RegExp(`no order tagged ${order.tag}.*timed out`));
    expect(placeCalls.get(brokerId)).toBe(1);
    expect(await paperOrders(alice, brokerId)).toEqual([]);
  });

  it('keeps the order UNKNOWN (pending) while the order book cannot be read, and settles it on a later read', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice, recordsThenTimesOut);
    brokenBooks.add(brokerId);
    const order = await placeMarket(alice, brokerId);
    expect(order).toMatchObject({ status: 'pending', submission: 'UNKNOWN', broker_order_id: null });
    expect((await detailsOf(alice, order.order_id)).submission).toBe('UNKNOWN');
    brokenBooks.delete(brokerId);
    const settled = await detailsOf(alice, order.order_id);
    expect(settled).toMatchObject({ submission: 'SUBMITTED', status: 'completed' });
    expect(await paperOrders(alice, brokerId)).toHaveLength(1);
    expect(placeCalls.get(brokerId)).toBe(1);
  });
});

describe('errors that prove the order was not placed', () => {
  it.each([
    ['an expired session', new BrokerSessionExpiredError('paper', 'token-rejected')],
    ['a rate-limit refusal', new BrokerRateLimitedError('paper')],
  ])('fails the order on %s, with the reason, without looking further', async (_name, error) => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice, async () => {
      throw error;
    });
    const order = await placeMarket(alice, brokerId);
    expect(order).toMatchObject({ status: 'failed', submission: 'REJECTED', reason: error.message });
    expect(await paperOrders(alice, brokerId)).toEqual([]);
  });
});
