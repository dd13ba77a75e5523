import { loadOwnedAccount } from '../../functions/broker-accounts/accounts/owned-account';
import { findScript } from '../../functions/market/ltp';
import { placeCommandOf } from '../../functions/orders/place-command';
import { placeOrder } from '../../functions/orders/place-order';
import { createLogger } from '../../functions/platform/logger';
import type { PlaceOrderRequest } from '../../shared/contracts/orders';
import { directOrderContracts } from '../../shared/contracts/orders';
import { createTestUser, type TestUser } from '../support/users';
import { createBenchApi, type BenchApi } from './bench-api';
import { delayOrderCalls, startBenchKite } from './bench-kite';
import { benchInstruments, marketBuy, placeThroughGateway, tradingPaperAccount, wasPlaced } from './bench-orders';
import type { BenchPlatform } from './bench-platform';
import { startBenchSignalWorker } from './bench-signal-worker';
import { summariseLatency, type LatencySummary } from './latency-summary';
import { callsBeforeAnswer, callsWithin, stampBrokerCalls, statusFollowsMs, untilBrokerQuiet, type Span } from './order-status-follow-up';
import { probePlacements } from './placement-probe';

export interface OrderLatencyFigure extends LatencySummary {
  readonly warmUp: number;
  readonly errors: number;
}

/** The use-case lane on paper, with the paper adapter's share timed through the adapter seam. */
export interface PaperUseCaseFigure extends OrderLatencyFigure {
  /** The paper adapter's placeOrder (load the paper account's state, fill, save), per order. */
  readonly adapterPlace: LatencySummary;
  /** Per order: total − the adapter's placeOrder, the platform's own time. */
  readonly ownTime: LatencySummary;
}

export interface BrokerRttFigure extends OrderLatencyFigure {
  /** Added by the fake before each answer (the request travels at loopback speed). */
  readonly rttMs: number;
  /** Kite calls per order seen by the fake, before and after the answer together. */
  readonly brokerCallsPerOrder: number;
  /** Kite calls per order the answer waited for (the place; before issue 22 also the order-book read). */
  readonly callsBeforeAnswer: number;
  /** Kite calls per order after the answer (the signal worker's order-book read of the `order-status` follow-up). */
  readonly callsAfterAnswer: number;
  /** p50 − one RTT, as the issue asks. */
  readonly overheadOverOneRttMs: number;
  /** p50 of the platform's own time per order (below). */
  readonly ownTimeMs: number;
  /** Per order: total − RTT × the calls its answer waited for. */
  readonly ownTime: LatencySummary;
  /** Over the last orders: the answer → the stored status no longer `pending`; errors = still pending after 3 s. */
  readonly statusFollows: LatencySummary & { readonly errors: number };
}

export interface PlaceOrderFigures {
  readonly paperGateway: OrderLatencyFigure;
  readonly paperUseCase: PaperUseCaseFigure;
  readonly kite: BrokerRttFigure;
}

export interface PlaceOrderRun {
  readonly orders: number;
  readonly warmUp: number;
  readonly rttMs: number;
}

const DEFAULT_RUN: PlaceOrderRun = { orders: 300, warmUp: 20, rttMs: 50 };

type PlaceOne = (n: number) => Promise<{ ms: number; ok: boolean }>;

/**
 * `warmUp` discarded rounds (JIT, DynamoDB Local's JVM, sockets), then `orders` timed rounds, one
 * order at a time. Each round places one order per lane in turn, so lanes compared with each other
 * (gateway vs use-case) see the same warm-up drift and the same growth of their books.
 */
async function sequentialOrders(run: PlaceOrderRun, lanes: readonly PlaceOne[]): Promise<OrderLatencyFigure[]> {
  for (let n = 0; n < run.warmUp; n += 1) {
    for (const placeOne of lanes) await placeOne(n);
  }
  const timings = lanes.map((): number[] => []);
  const errors = lanes.map(() => 0);
  for (let n = run.warmUp; n < run.warmUp + run.orders; n += 1) {
    for (const [lane, placeOne] of lanes.entries()) {
      const { ms, ok } = await placeOne(n);
      timings[lane]?.push(ms);
      if (!ok) errors[lane] = (errors[lane] ?? 0) + 1;
    }
  }
  return lanes.map((_, lane) => ({ ...summariseLatency(timings[lane] ?? []), warmUp: run.warmUp, errors: errors[lane] ?? 0 }));
}

/** What the route does, minus HTTP: the account, the script, the use-case (gateway overhead = the difference). */
async function placeThroughUseCase(who: TestUser, body: PlaceOrderRequest): Promise<{ ms: number; ok: boolean }> {
  const owner = { frchId: who.user.frch_id, userId: who.user.user_id };
  const started = performance.now();
  try {
    const account = await loadOwnedAccount(owner, body.broker_id);
    const instrument = await findScript(body.script_id);
    const placed = await placeOrder(owner, account, placeCommandOf(body, instrument), 'manual', createLogger());
    return { ms: performance.now() - started, ok: wasPlaced(placed.order) };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

async function paperFigures(api: BenchApi, run: PlaceOrderRun): Promise<{ paperGateway: OrderLatencyFigure; paperUseCase: PaperUseCaseFigure }> {
  const alice = await createTestUser();
  // One fresh account per lane, so both start from the same (empty) paper book and grow alike.
  const viaGateway = await tradingPaperAccount(api, alice.token);
  const viaUseCase = await tradingPaperAccount(api, alice.token);
  // Both lanes run wrapped alike, so the wrapper's small cost does not tilt gateway − use-case.
  const probe = probePlacements();
  const adapterMs: number[] = [];
  const ownMs: number[] = [];
  try {
    const [paperGateway, paperUseCase] = await sequentialOrders(run, [
      (n) => placeThroughGateway(api, alice.token, marketBuy(viaGateway, n)),
      async (n) => {
        const before = probe.placements.length;
        const placed = await placeThroughUseCase(alice, marketBuy(viaUseCase, n));
        const adapter = probe.placements.slice(before).reduce((sum, placement) => sum + placement.answeredAt - placement.sentAt, 0);
        if (n >= run.warmUp && placed.ok) {
          adapterMs.push(adapter);
          ownMs.push(placed.ms - adapter);
        }
        return placed;
      },
    ]);
    if (!paperGateway || !paperUseCase) throw new Error('a lane produced no figure');
    return { paperGateway, paperUseCase: { ...paperUseCase, adapterPlace: summariseLatency(adapterMs), ownTime: summariseLatency(ownMs) } };
  } finally {
    probe.restore();
  }
}

/**
 * A Zerodha account against the Kite fake at `rttMs` round trip, modelled as the whole delay added
 * on the fake's answer (loopback carries the request). Sequential orders take ≥ 1 RTT, so they stay
 * under the per-account limit of 10/s and the limiter never holds one back. The signal worker runs on
 * the platform's queue, as deployed, so an order's `order-status` follow-up (issue 22) reads the order
 * book after the answer; each order waits for its status to follow before the next is sent.
 */
async function kiteFigure(api: BenchApi, platform: BenchPlatform, run: PlaceOrderRun): Promise<BrokerRttFigure> {
  const kite = await startBenchKite(await benchInstruments());
  const worker = await startBenchSignalWorker(platform);
  const workerRuns: Span[] = [];
  worker.onBatch((batch) => workerRuns.push({ from: batch.pickedUpAt, to: batch.doneAt }));
  try {
    const bob = await createTestUser();
    const owner = { frchId: bob.user.frch_id, userId: bob.user.user_id };
    const brokerId = await kite.tradingAccount(api, bob);
    const { stamped } = stampBrokerCalls(kite.fake.server);
    delayOrderCalls(kite.fake, run.rttMs, run.warmUp + run.orders);
    const requests: { span: Span; ms: number }[] = [];
    const follows: (number | null)[] = [];
    const [figure] = await sequentialOrders(run, [
      async (n) => {
        const from = performance.now();
        try {
          const answer = await api.call(directOrderContracts.placeOrder, bob.token, marketBuy(brokerId, n));
          const answeredAt = performance.now();
          const order = answer.data?.order;
          if (n < run.warmUp) return { ms: answer.ms, ok: wasPlaced(order) };
          requests.push({ span: { from, to: answeredAt }, ms: answer.ms });
          // The next order waits for this one's status to follow: a trader's orders come seconds apart, and
          // deployed, the follow-up runs in the signal worker's Lambda, not beside the next order's request.
          if (order) follows.push(await statusFollowsMs(owner, order.order_id, order.status, answeredAt));
          return { ms: answer.ms, ok: wasPlaced(order) };
        } catch {
          return { ms: performance.now() - from, ok: false };
        }
      },
    ]);
    if (!figure) throw new Error('the Kite lane produced no figure');
    await untilBrokerQuiet(stamped);
    const before = requests.map((request) => callsBeforeAnswer(stamped, request.span, workerRuns));
    const all = callsWithin(stamped, { from: requests[0]?.span.from ?? 0, to: Number.POSITIVE_INFINITY });
    const callsBefore = before.reduce((sum, calls) => sum + calls, 0);
    const ownTime = summariseLatency(requests.map((request, index) => request.ms - run.rttMs * (before[index] ?? 0)));
    const followed = follows.filter((ms): ms is number => ms !== null);
    return {
      ...figure,
      rttMs: run.rttMs,
      brokerCallsPerOrder: all / run.orders,
      callsBeforeAnswer: callsBefore / run.orders,
      callsAfterAnswer: (all - callsBefore) / run.orders,
      overheadOverOneRttMs: figure.p50Ms - run.rttMs,
      ownTimeMs: ownTime.p50Ms,
      ownTime,
      statusFollows: { ...summariseLatency(followed), errors: follows.length - followed.length },
    };
  } finally {
    worker.onBatch(null);
    await worker.stop();
    await kite.stop();
  }
}

/** Place-order latency: paper broker (through the gateway and through the use-case), and Kite at a set RTT. */
export async function measurePlaceOrderLatency(platform: BenchPlatform, run: PlaceOrderRun = DEFAULT_RUN): Promise<PlaceOrderFigures> {
  const api = createBenchApi(platform.url);
  try {
    const paper = await paperFigures(api, run);
    const kite = await kiteFigure(api, platform, run);
    return { ...paper, kite };
  } finally {
    api.close();
  }
}
