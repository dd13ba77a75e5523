import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrokerAdapter, OrderRequest, PlaceOutcome } from '../../functions/broker-adapters/broker-adapter';
import { getBrokerAccount, type BrokerAccountItem } from '../../functions/data/broker-accounts-repository';
import { listAccountOrdersOfDay } from '../../functions/data/orders/order-listing';
import { getOrderByBrokerOrderId } from '../../functions/data/orders/broker-order-lookup';
import { getOrder, type StoredOrder } from '../../functions/data/orders/order';
import { findScript } from '../../functions/market/ltp';
import { withBroker } from '../../functions/orders/account-adapter';
import { followUpOrderStatus } from '../../functions/orders/order-status-follow-up';
import { placeCommandOf } from '../../functions/orders/place-command';
import { placeOrder } from '../../functions/orders/place-order';
import { refreshOrders, settleOrdersFromBook } from '../../functions/orders/refresh-orders';
import { now } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { tradingDay } from '../../shared/domain/market-clock';
import type { PlaceOrderRequest } from '../../shared/contracts/orders';
import { useGateway } from '../support/gateway';
import { tradingKiteAccount as tradingKiteAccount_, useKiteOrdersFake } from '../support/kite-orders';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { seeded } from '../support/seeded-random';
import { drainThroughWorker } from '../support/signal-worker-drain';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The early answer (ADR 0017): a live broker's order answers once the broker accepted it, and its
 * status arrives later from whichever source comes first — the follow-up the order path queued (and
 * SQS may deliver twice), the user's next read of the order, the account page's read of the book —
 * or even before the acceptance is recorded (the follow-up picked up while the order path's write is
 * still in flight). Over generated plans of those sources, in random order and partly at once, each
 * order ends with one broker order, its acceptance recorded once, the broker's final status recorded
 * exactly once, and a timeline that never steps back.
 */
const RUNS = 40;
const SEED = 0x5eed_0022;

process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');
const api = useGateway();
const KITE = { api_key: 'kitefollowupkey12', api_secret: 'kiteFollowUpSecret0123456789abcd' };
const kite = useKiteOrdersFake(KITE);
/** Armed: the next placement's follow-up runs inside the broker call, before the order path records the acceptance. */
let raceNextPlacement = false;
const log = createLogger();

function racingFollowUp(inner: BrokerAdapter, account: BrokerAccountItem): BrokerAdapter {
  const owner = { frchId: account.frch_id, userId: account.user_id };
  return {
    ...inner,
    orderBook: () => inner.orderBook(),
    placeOrder: async (order: OrderRequest): Promise<PlaceOutcome> => {
      const outcome = await inner.placeOrder(order);
      if (!raceNextPlacement) return outcome;
      raceNextPlacement = false;
      const intent = (await listAccountOrdersOfDay(owner, account.broker_id, tradingDay(now()))).find((stored) => stored.tag === order.tag);
      if (!intent) throw new Error(`no intent tagged ${order.tag}`);
      await followUpOrderStatus({ frch_id: owner.frchId, user_id: owner.userId, order_id: intent.order_id }, log);
      return outcome;
    },
  };
}

const sqsClient = useOwnSignalQueue('order-status-exactly-once', {
  wrapAdapter: (adapter, account) => racingFollowUp(adapter, account),
});

const tradingKiteAccount = (who: TestUser) => tradingKiteAccount_(api, kite(), KITE, who);

type BrokerFate = 'fills' | 'rests' | 'rms-rejects';
type Source = 'follow-up' | 'redelivered follow-up' | 'order read' | 'account book read';
const SOURCES: readonly Source[] = ['follow-up', 'redelivered follow-up', 'order read', 'account book read'];
const FINAL_STATUS: Readonly<Record<BrokerFate, StoredOrder['status']>> = { fills: 'completed', rests: 'pending', 'rms-rejects': 'rejected' };

interface Plan {
  readonly index: number;
  readonly fate: BrokerFate;
  /** The follow-up runs while the order path's acceptance write is still to come. */
  readonly followUpFirst: boolean;
  /** The sources, in order; two neighbours joined run at once. */
  readonly steps: readonly (readonly Source[])[];
}

function planOf(index: number, random: () => number): Plan {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const sources = SOURCES.filter(() => random() < 0.7);
  const shuffled = [...sources].sort(() => random() - 0.5);
  const steps: Source[][] = [];
  for (const source of shuffled) {
    const last = steps.at(-1);
    if (last && last.length === 1 && random() < 0.4) last.push(source);
    else steps.push([source]);
  }
  return { index, fate: pick(['fills', 'rests', 'rms-rejects'] as const), followUpFirst: random() < 0.3, steps };
}

function ticketOf(brokerId: string, fate: BrokerFate): PlaceOrderRequest {
  const limit = fate !== 'fills';
  return {
    broker_id: brokerId,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: limit ? 'LIMIT' : 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    ...(limit ? { price: 800 } : {}),
    idempotency_key: `status-${randomUUID()}`,
  };
}

async function runSource(source: Source, who: TestUser, brokerId: string, orderId: string): Promise<void> {
  const owner = { frchId: who.user.frch_id, userId: who.user.user_id };
  const stored = async () => (await getOrder(owner, orderId)) ?? expect.fail(`order ${orderId} vanished`);
  switch (source) {
    case 'follow-up':
      await drainThroughWorker(sqsClient);
      return;
    case 'redelivered follow-up':
      await followUpOrderStatus({ frch_id: owner.frchId, user_id: owner.userId, order_id: orderId }, log);
      return;
    case 'order read':
      await refreshOrders(owner, [await stored()], log);
      return;
    case 'account book read': {
      const account = (await getBrokerAccount(owner, brokerId)) ?? expect.fail('account vanished');
      const book = await withBroker(owner, account, log, (adapter) => adapter.orderBook());
      await settleOrdersFromBook(owner, [await stored()], book, log);
    }
  }
}

describe('an accepted order’s status, whichever source brings it first', () => {
  it(`lands exactly once over ${RUNS} generated plans (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const random = seeded(SEED);
    const alice = await createTestUser();
    const owner = { frchId: alice.user.frch_id, userId: alice.user.user_id };
    const brokerId = await tradingKiteAccount(alice);
    const instrument = await findScript('NSE:SBIN');
    for (let index = 0; index < RUNS; index += 1) {
      const plan = planOf(index, random);
      const where = `plan ${JSON.stringify(plan)}`;
      await drainThroughWorker(sqsClient);
      if (plan.fate === 'rms-rejects') kite().inject('place', { kind: 'accept-then-reject', reason: 'RMS:Margin Exceeds' });
      const account = (await getBrokerAccount(owner, brokerId)) ?? expect.fail('account vanished');
      const body = ticketOf(brokerId, plan.fate);
      raceNextPlacement = plan.followUpFirst;
      const placed = (await placeOrder(owner, account, placeCommandOf(body, instrument), 'manual', log)).order;
      expect(placed.submission, where).toBe('SUBMITTED');
      for (const step of plan.steps) await Promise.all(step.map((source) => runSource(source, alice, brokerId, placed.order_id)));
      // Then reads until the broker's book shows its final state (the fake moves an RMS rejection on by one read).
      for (let read = 0; read < 2; read += 1) await runSource('order read', alice, brokerId, placed.order_id);

      const order = (await getOrder(owner, placed.order_id)) ?? expect.fail('order vanished');
      const atBroker = kite().orders().filter((row) => row.tag === order.tag);
      expect(atBroker, where).toHaveLength(1);
      expect(order.broker_order_id, where).toBe(atBroker[0]?.order_id);
      expect((await getOrderByBrokerOrderId(owner, brokerId, order.broker_order_id ?? ''))?.order_id, where).toBe(order.order_id);
      expect(order.status, where).toBe(FINAL_STATUS[plan.fate]);
      const acceptances = order.timeline.filter((event) => event.submission === 'SUBMITTED' && /^(Accepted by the broker|Found in the broker's order book)/.test(event.note ?? ''));
      expect(acceptances, where).toHaveLength(1);
      if (order.status !== 'pending') expect(order.timeline.filter((event) => event.status === order.status), where).toHaveLength(1);
      const rank = (status: StoredOrder['status']) => (status === 'pending' ? 0 : 1);
      expect(order.timeline.map((event) => rank(event.status)), where).toEqual([...order.timeline.map((event) => rank(event.status))].sort());
      if (plan.fate === 'fills') expect(order).toMatchObject({ filled_quantity: 1, average_price: 812.35 });
    }
  });
});

