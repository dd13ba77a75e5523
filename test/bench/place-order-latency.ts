import { loadOwnedAccount } from '../../functions/broker-accounts/accounts/owned-account';
import { findScript } from '../../functions/market/ltp';
import { placeCommandOf } from '../../functions/orders/place-command';
import { placeOrder } from '../../functions/orders/place-order';
import { createLogger } from '../../functions/platform/logger';
import type { PlaceOrderRequest } from '../../shared/contracts/orders';
import { createTestUser, type TestUser } from '../support/users';
import { createBenchApi, type BenchApi } from './bench-api';
import { delayOrderCalls, startBenchKite } from './bench-kite';
import { benchInstruments, marketBuy, placeThroughGateway, tradingPaperAccount, wasPlaced } from './bench-orders';
import type { BenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

export interface OrderLatencyFigure extends LatencySummary {
  readonly warmUp: number;
  readonly errors: number;
}

export interface BrokerRttFigure extends OrderLatencyFigure {
  /** Added by the fake before each answer (the request travels at loopback speed). */
  readonly rttMs: number;
  /** Kite calls per order seen by the fake: the place, then the order-book read of an accepted order. */
  readonly brokerCallsPerOrder: number;
  /** p50 − one RTT, as the issue asks. */
  readonly overheadOverOneRttMs: number;
  /** p50 − RTT × calls per order: the platform's own time per order. */
  readonly ownTimeMs: number;
}

export interface PlaceOrderFigures {
  readonly paperGateway: OrderLatencyFigure;
  readonly paperUseCase: OrderLatencyFigure;
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

async function paperFigures(api: BenchApi, run: PlaceOrderRun) {
  const alice = await createTestUser();
  // One fresh account per lane, so both start from the same (empty) paper book and grow alike.
  const viaGateway = await tradingPaperAccount(api, alice.token);
  const viaUseCase = await tradingPaperAccount(api, alice.token);
  const [paperGateway, paperUseCase] = await sequentialOrders(run, [
    (n) => placeThroughGateway(api, alice.token, marketBuy(viaGateway, n)),
    (n) => placeThroughUseCase(alice, marketBuy(viaUseCase, n)),
  ]);
  if (!paperGateway || !paperUseCase) throw new Error('a lane produced no figure');
  return { paperGateway, paperUseCase };
}

/**
 * A Zerodha account against the Kite fake at `rttMs` round trip, modelled as the whole delay added
 * on the fake's answer (loopback carries the request). Sequential orders take ≥ 2 RTT, so they stay
 * under the per-account limit of 10/s and the limiter never holds one back.
 */
async function kiteFigure(api: BenchApi, run: PlaceOrderRun): Promise<BrokerRttFigure> {
  const kite = await startBenchKite(await benchInstruments());
  try {
    const bob = await createTestUser();
    const brokerId = await kite.tradingAccount(api, bob);
    delayOrderCalls(kite.fake, run.rttMs, run.warmUp + run.orders);
    let callsBefore = 0;
    const [figure] = await sequentialOrders(run, [
      (n) => {
        if (n === run.warmUp) callsBefore = kite.fake.server.calls.length;
        return placeThroughGateway(api, bob.token, marketBuy(brokerId, n));
      },
    ]);
    if (!figure) throw new Error('the Kite lane produced no figure');
    const brokerCallsPerOrder = (kite.fake.server.calls.length - callsBefore) / run.orders;
    return {
      ...figure,
      rttMs: run.rttMs,
      brokerCallsPerOrder,
      overheadOverOneRttMs: figure.p50Ms - run.rttMs,
      ownTimeMs: figure.p50Ms - run.rttMs * brokerCallsPerOrder,
    };
  } finally {
    await kite.stop();
  }
}

/** Place-order latency: paper broker (through the gateway and through the use-case), and Kite at a set RTT. */
export async function measurePlaceOrderLatency(platform: BenchPlatform, run: PlaceOrderRun = DEFAULT_RUN): Promise<PlaceOrderFigures> {
  const api = createBenchApi(platform.url);
  try {
    const paper = await paperFigures(api, run);
    const kite = await kiteFigure(api, run);
    return { ...paper, kite };
  } finally {
    api.close();
  }
}
