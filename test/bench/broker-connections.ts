import { AccountRateLimits } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond, type RatePlan } from '../../functions/broker-adapters/http/rate-window';
import { KITE_BROKER, KITE_ENDPOINT, type KiteRateClass } from '../../functions/broker-adapters/zerodha/kite-config';
import { createTestUser } from '../support/users';
import { createBenchApi } from './bench-api';
import { delayOrderCalls, startBenchKite } from './bench-kite';
import { benchInstruments, marketBuy, placeThroughGateway } from './bench-orders';
import type { BenchPlatform } from './bench-platform';

export interface BrokerConnectionsFigure {
  readonly orders: number;
  readonly sequential: number;
  readonly concurrent: number;
  readonly concurrency: number;
  readonly accounts: number;
  readonly errors: number;
  /** Added by the fake before each answer. */
  readonly latencyMs: number;
  /** TCP connections the fake accepted while the orders ran (keep-alive reuse keeps this low). */
  readonly connectionsOpened: number;
  /** Including the login's token exchange before the orders. */
  readonly connectionsTotal: number;
  /** The adapter's keep-alive agent allows this many sockets to one broker host. */
  readonly maxSockets: number;
  readonly seconds: number;
  readonly ordersPerSecond: number;
  /** How the per-account limit of 10 orders/s was kept out of the way, and why. */
  readonly limiter: string;
}

export interface ConnectionsRun {
  readonly orders: number;
  readonly sequential: number;
  readonly concurrency: number;
  readonly latencyMs: number;
}

const DEFAULT_RUN: ConnectionsRun = { orders: 1_000, sequential: 300, concurrency: 10, latencyMs: 3 };

/**
 * Kite allows one session per app user (a new login ends the previous one, and the fake models
 * exactly that), so ten accounts cannot share one fake. One account it is, with its limits widened:
 * limiters are shared per process and the first caller's windows win for a key, so registering the
 * account's keys first (through the same class the adapter uses, so the keys match) lifts the
 * 10/s and 400/min caps for this account only. Without it, 1,000 orders would take ≥ 2.5 minutes.
 */
const UNTHROTTLED: RatePlan<KiteRateClass> = { order: [perSecond(1_000_000)], read: [perSecond(1_000_000)], quote: [perSecond(1_000_000)] };
const LIMITER_NOTE = 'one account, per-account limits widened in the shared limiter registry (Kite fake holds one session, so 10 accounts cannot share it)';

async function liftAccountLimits(brokerId: string): Promise<void> {
  const limits = new AccountRateLimits(KITE_BROKER, brokerId, UNTHROTTLED);
  await Promise.all([limits.acquire('order'), limits.acquire('read'), limits.acquire('quote')]);
}

/** 1,000 orders for one Zerodha account against one Kite fake: how many TCP connections did they open? */
export async function measureBrokerConnections(platform: BenchPlatform, run: ConnectionsRun = DEFAULT_RUN): Promise<BrokerConnectionsFigure> {
  const api = createBenchApi(platform.url);
  const kite = await startBenchKite(await benchInstruments());
  try {
    const carol = await createTestUser();
    const brokerId = await kite.tradingAccount(api, carol);
    await liftAccountLimits(brokerId);
    delayOrderCalls(kite.fake, run.latencyMs, run.orders);

    let errors = 0;
    let next = 0;
    const placeNext = async () => {
      const { ok } = await placeThroughGateway(api, carol.token, marketBuy(brokerId, next++));
      if (!ok) errors += 1;
    };
    const connectionsBefore = kite.fake.server.connectionsOpened();
    const started = performance.now();
    while (next < run.sequential) await placeNext();
    const worker = async () => {
      while (next < run.orders) await placeNext();
    };
    await Promise.all(Array.from({ length: run.concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;

    return {
      orders: run.orders,
      sequential: run.sequential,
      concurrent: run.orders - run.sequential,
      concurrency: run.concurrency,
      accounts: 1,
      errors,
      latencyMs: run.latencyMs,
      connectionsOpened: kite.fake.server.connectionsOpened() - connectionsBefore,
      connectionsTotal: kite.fake.server.connectionsOpened(),
      maxSockets: KITE_ENDPOINT.maxSockets,
      seconds,
      ordersPerSecond: run.orders / seconds,
      limiter: LIMITER_NOTE,
    };
  } finally {
    api.close();
    await kite.stop();
  }
}
