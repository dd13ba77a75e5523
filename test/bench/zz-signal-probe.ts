import '../../infra/local/quiet-sdk';
import { pathToFileURL } from 'node:url';
import { KITE_ENDPOINT } from '../../functions/broker-adapters/zerodha/kite-config';
import { getSignal } from '../../functions/data/signals-repository';
import { createTestUser } from '../support/users';
import { benchSignalBody, connectedBridges } from './bench-bridges';
import { delayOrderCalls } from './bench-kite';
import { startBenchPlatform } from './bench-platform';
import { startBenchSignalWorker, type WorkerBatch } from './bench-signal-worker';
import { startFanOutKite, zerodhaGroup } from './kite-children';
import { callsWithin, stampBrokerCalls, untilBrokerQuiet } from './order-status-follow-up';
import { maxOrdersPerSecondPerAccount, probePlacements } from './placement-probe';

/**
 * One JSON bridge signal → a copy-trading group of 200 Zerodha children on the Kite fake, each Kite
 * call answered after 50 ms (issue 6). The signal goes through the webhook and the FIFO queue to the
 * signal worker (fed by the local queue poller); the time runs from the handler getting the record to
 * the broker's answer to the last child's entry order. Target: ≤ 1.0 s, no duplicate, no account above
 * its orders-per-second limit.
 */
export interface SignalFanOutFigures {
  readonly children: number;
  readonly latencyMs: number;
  /** Children whose entry order the broker accepted. */
  readonly placed: number;
  /** The handler got the record → the broker answered the last child's entry order. */
  readonly placedMs: number;
  /** The handler got the record → the first child's entry order left for the broker. */
  readonly firstSentMs: number;
  /** … → the last child's entry order left for the broker. */
  readonly lastSentMs: number;
  /** Kite calls per child during the signal's handler run (the place; before issue 22 also the order-book read). */
  readonly brokerCallsPerChild: number;
  /** The handler got the record → it returned (every position settled, the signal's final status written). */
  readonly handlerMs: number;
  readonly signalStatus: string;
  /** Broker orders beyond one per child. */
  readonly duplicates: number;
  readonly maxOrdersPerSecondPerAccount: number;
  /** TCP connections the Kite fake accepted during the run. */
  readonly connectionsOpened: number;
}

export interface SignalFanOutRun {
  readonly children: number;
  readonly latencyMs: number;
}

const DEFAULT_RUN: SignalFanOutRun = { children: 200, latencyMs: 50 };
const SIGNAL_ORDER = { type: 'LIMIT', price: 800, product: 'DELIVERY' } as const;
const WAIT_FOR_WORKER_MS = 60_000;

export async function measureSignalFanOut(run: SignalFanOutRun = DEFAULT_RUN): Promise<SignalFanOutFigures> {
  const platform = await startBenchPlatform();
  const calls: { name: string; t0: number; t1: number; n: number }[] = [];
  const { dynamo } = await import('../../functions/platform/clients');
  dynamo().middlewareStack.add((next, context) => async (args) => {
    const t0 = performance.now();
    const result = await next(args);
    const input = args.input as { TransactItems?: unknown[]; RequestItems?: Record<string, { Keys?: unknown[] }> };
    const n = input.TransactItems?.length ?? Object.values(input.RequestItems ?? {}).reduce((a, r) => a + (r.Keys?.length ?? 0), 0);
    calls.push({ name: String((context as { commandName?: string }).commandName), t0, t1: performance.now(), n });
    return result;
  }, { step: 'initialize', name: 'probeTiming' });
  const kite = await startFanOutKite();
  const probe = probePlacements();
  const worker = await startBenchSignalWorker(platform);
  try {
    const who = await createTestUser();
    const owner = { frchId: who.user.frch_id, userId: who.user.user_id };
    const warmUpGroup = await zerodhaGroup(owner, 'Warm-up', 1);
    const group = await zerodhaGroup(owner, 'Signal fan-out', run.children);
    const [warmUpBridge] = (await connectedBridges(platform.url, who, { target_kind: 'group', target_id: warmUpGroup.grp_id }, 1)).webhookPaths;
    const [bridge] = (await connectedBridges(platform.url, who, { target_kind: 'group', target_id: group.grp_id }, 1)).webhookPaths;

    // Every batch the worker ran: besides the signals, it runs the orders' `order-status` follow-ups (issue 22).
    const batches: WorkerBatch[] = [];
    worker.onBatch((batch) => batches.push(batch));
    /** Sends one signal and answers the worker's run of it. */
    const signal = async (path: string | undefined, signalId: string): Promise<WorkerBatch> => {
      const answer = await fetch(`${platform.url}${path ?? ''}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: benchSignalBody(signalId, SIGNAL_ORDER) });
      if (answer.status !== 202) throw new Error(`webhook answered ${answer.status}: ${await answer.text()}`);
      const { signal_id: stored } = ((await answer.json()) as { data: { signal_id: string } }).data;
      const deadline = performance.now() + WAIT_FOR_WORKER_MS;
      for (;;) {
        const batch = batches.find((ran) => ran.signalIds.includes(stored));
        if (batch) {
          if (batch.failed > 0) throw new Error(`signal ${signalId}: the worker failed it`);
          return batch;
        }
        if (performance.now() > deadline) throw new Error(`signal ${signalId} not run within ${WAIT_FOR_WORKER_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    // A cold container's first signal loads the handler, the instrument master and a broker connection: not the fan-out's cost.
    const { stamped } = stampBrokerCalls(kite.server);
    await signal(warmUpBridge, 'fanout-warm-up');
    // The warm-up order's follow-up (if any) reads the order book first: its call is not the fan-out's.
    await untilBrokerQuiet(stamped);
    const ordersBefore = kite.orders().length;
    const placementsBefore = probe.placements.length;
    delayOrderCalls(kite, run.latencyMs, run.children);
    const connectionsBefore = kite.server.connectionsOpened();
    const batch = await signal(bridge, 'fanout-signal');
    const connectionsOpened = kite.server.connectionsOpened() - connectionsBefore;
    const firstSent = Math.min(...probe.placements.slice(placementsBefore).map((p) => p.sentAt));
    for (const c of calls) if (c.t0 >= batch.pickedUpAt - 1 && c.t0 < firstSent + 5) console.log(c.name.padEnd(28), c.n, (c.t0 - batch.pickedUpAt).toFixed(1), '→', (c.t1 - batch.pickedUpAt).toFixed(1));
    console.log('first sent', (firstSent - batch.pickedUpAt).toFixed(1));

    const placements = probe.placements.slice(placementsBefore);
    const accepted = placements.filter((placement) => placement.outcome === 'accepted');
    const stored = await getSignal(owner.frchId, owner.userId, batch.signalIds[0] ?? '');
    return {
      children: run.children,
      latencyMs: run.latencyMs,
      placed: new Set(accepted.map((placement) => placement.brokerId)).size,
      placedMs: Math.round(Math.max(...accepted.map((placement) => placement.answeredAt)) - batch.pickedUpAt),
      firstSentMs: Math.round(Math.min(...placements.map((placement) => placement.sentAt)) - batch.pickedUpAt),
      lastSentMs: Math.round(Math.max(...placements.map((placement) => placement.sentAt)) - batch.pickedUpAt),
      brokerCallsPerChild: callsWithin(stamped, { from: batch.pickedUpAt, to: batch.doneAt }) / run.children,
      handlerMs: Math.round(batch.doneAt - batch.pickedUpAt),
      signalStatus: stored?.status ?? 'missing',
      duplicates: kite.orders().length - ordersBefore - new Set(accepted.map((placement) => placement.brokerId)).size,
      maxOrdersPerSecondPerAccount: maxOrdersPerSecondPerAccount(placements),
      connectionsOpened,
    };
  } finally {
    worker.onBatch(null);
    await worker.stop();
    probe.restore();
    await kite.stop();
    await platform.stop();
  }
}

async function main(): Promise<void> {
  const figures = await measureSignalFanOut();
  console.log(`Signal fan-out: 1 JSON bridge signal → ${figures.children} Zerodha children on the Kite fake at ${figures.latencyMs} ms per call, ${KITE_ENDPOINT.maxSockets} sockets to the host`);
  console.table([figures]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
