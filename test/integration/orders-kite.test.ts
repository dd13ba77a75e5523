import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderDetailsSchema, orderSchema, placedOrderSchema } from '../../shared/contracts/orders';
import { useGateway } from '../support/gateway';
import { tradingKiteAccount as tradingKiteAccount_, useKiteOrdersFake } from '../support/kite-orders';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { drainThroughWorker } from '../support/signal-worker-drain';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/** A real adapter on the order path: a Zerodha account against the Kite Connect fake. */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
const sqsClient = useOwnSignalQueue('orders-kite', null);
const KITE = { api_key: 'kiteorderskey1234', api_secret: 'kiteOrdersSecret0123456789abcdef' };
const kite = useKiteOrdersFake(KITE);

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const tradingKiteAccount = (who: TestUser) => tradingKiteAccount_(api, kite(), KITE, who);

const limitBuy = (brokerId: string) => ({
  broker_id: brokerId,
  script_id: 'NSE:SBIN',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'DELIVERY',
  quantity: 1,
  price: 800,
  idempotency_key: `key-${randomUUID()}`,
});

describe('orders on a Zerodha account (Kite fake)', () => {
  it('places with the tag, cancels through the adapter, and settles an ambiguous 5xx by tag without a second order', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    const order = dataOf(await post(alice, '/users/broker/direct/placeorder', limitBuy(brokerId)), placedOrderSchema).order;
    expect(order).toMatchObject({ broker: 'zerodha', status: 'pending', submission: 'SUBMITTED' });
    expect(kite().orders().find((row) => row.order_id === order.broker_order_id)).toMatchObject({ tag: order.tag, product: 'CNC', price: 800 });
    const cancelled = dataOf(await post(alice, '/users/broker/direct/updateorder', { order_id: order.order_id, action: 'cancel' }), orderSchema);
    expect(cancelled.status).toBe('cancelled');

    const before = kite().orders().length;
    kite().inject('place', { kind: 'server-error', status: 500, afterHandling: true });
    const ambiguous = dataOf(await post(alice, '/users/broker/direct/placeorder', limitBuy(brokerId)), placedOrderSchema).order;
    expect(kite().orders()).toHaveLength(before + 1);
    expect(ambiguous).toMatchObject({ submission: 'SUBMITTED', status: 'pending', broker_order_id: kite().orders().at(-1)?.order_id });
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: ambiguous.order_id }), orderDetailsSchema);
    expect(details.timeline.map((event) => event.submission)).toEqual(['SUBMITTING', 'UNKNOWN', 'SUBMITTED']);
  });

  it('answers once Kite accepted (one call); the follow-up reads the book once, and a later read brings the RMS rejection', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    await drainThroughWorker(sqsClient);
    kite().inject('place', { kind: 'accept-then-reject', reason: 'RMS:Margin Exceeds, Required:800, Available:0' });
    const before = kite().server.calls.length;
    const order = dataOf(await post(alice, '/users/broker/direct/placeorder', limitBuy(brokerId)), placedOrderSchema).order;
    expect(order).toMatchObject({ submission: 'SUBMITTED', status: 'pending', broker_order_id: expect.any(String) });
    expect(kite().server.calls.slice(before).map((call) => call.route)).toEqual(['place']);
    // The follow-up: one order-book read, which still shows the order being validated.
    const followUps = await drainThroughWorker(sqsClient);
    expect(followUps.map((record) => JSON.parse(record.body))).toEqual([expect.objectContaining({ kind: 'order-status', payload: expect.objectContaining({ order_id: order.order_id }) })]);
    expect(kite().server.calls.slice(before).map((call) => call.route)).toEqual(['place', 'orders']);
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: order.order_id }), orderDetailsSchema);
    expect(details).toMatchObject({ status: 'rejected', reason: 'RMS:Margin Exceeds, Required:800, Available:0' });
    // The rejection is on the timeline once, whichever read brought it.
    expect(details.timeline.filter((event) => event.status === 'rejected')).toHaveLength(1);
  });

  it('a MARKET order answers pending and its fill follows through the signal worker, recorded once', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingKiteAccount(alice);
    await drainThroughWorker(sqsClient);
    const order = dataOf(await post(alice, '/users/broker/direct/placeorder', { ...limitBuy(brokerId), order_type: 'MARKET', price: undefined }), placedOrderSchema).order;
    expect(order).toMatchObject({ submission: 'SUBMITTED', status: 'pending' });
    await drainThroughWorker(sqsClient);
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: order.order_id }), orderDetailsSchema);
    expect(details).toMatchObject({ status: 'completed', filled_quantity: order.quantity });
    expect(details.timeline.map((event) => event.status)).toEqual(['pending', 'pending', 'completed']);
  });
});
