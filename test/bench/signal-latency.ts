import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { benchSignalBody, bridgesFor, paperBridgesOnOwnAccounts } from './bench-bridges';
import type { BenchPlatform } from './bench-platform';
import { startBenchSignalWorker, type WorkerBatch } from './bench-signal-worker';
import { summariseLatency, type LatencySummary } from './latency-summary';
import { probePlacements, type Placement } from './placement-probe';

/**
 * The signal path's two latencies (issue 6), from one run of sequential JSON bridge signals (MARKET BUY
 * 1 SBIN) on paper accounts (20 orders each, each on its own bridge), through the webhook, the FIFO queue, the local queue poller and the
 * signal worker's handler — the next signal is sent once the previous one's worker run has returned:
 *
 * - worker overhead: the poller hands the record to the handler → the order path calls the paper
 *   adapter's placeOrder (the broker request leaves). It covers the record's parse, reading the
 *   signal, the planner (bridge read, instrument resolution, `picked_up` mark), the order group and
 *   target reads, the position's conditional put, the position claim, the order intent, the account's
 *   rate limit and opening the broker. Not in it: the queue receive, and what follows the placement
 *   (the order's and position's writes, the signal's final status, the message's delete).
 *   Target: p50 ≤ 3 ms.
 * - webhook → paper order: the webhook POST is sent → the paper adapter answered the order accepted.
 *   It covers the accept path, the queue (the poller long-polls one message at a time; the SQS engine
 *   looks for new messages every 10 ms), and the worker up to the placement. Target: p99 ≤ 100 ms.
 */
export interface SignalLatencyFigures {
  readonly signals: number;
  readonly warmUp: number;
  readonly errors: number;
  readonly workerOverhead: LatencySummary;
  /**
   * How long the main thread was busy over the same stretch (event-loop utilization's active time): the
   * worker's own work — parsing, planning, building the writes, the SDK's marshalling — as opposed to
   * waiting for DynamoDB Local's two round trips. Nothing else runs on the loop meanwhile (the queue
   * engine has its own process, and the next signal is sent after this one's run).
   */
  readonly workerCpu: LatencySummary;
  readonly webhookToOrder: LatencySummary;
  /** Webhook POST sent → the handler got the record: the accept path plus the queue's share. */
  readonly webhookToPickUp: LatencySummary;
  /** The paper adapter's own time for the placement (load the paper account's state, fill, save): the "broker" in webhook → paper order. */
  readonly paperPlace: LatencySummary;
}

interface SignalTiming {
  readonly postedAt: number;
  readonly batch: WorkerBatch;
  readonly placement: Placement;
}

const WAIT_FOR_WORKER_MS = 10_000;
/** A busy trader's day on one paper account (bench-bridges.ts `paperBridgesOnOwnAccounts`). */
const ORDERS_PER_PAPER_ACCOUNT = 20;

export async function measureSignalLatency(platform: BenchPlatform, signals = 200, warmUp = 20): Promise<SignalLatencyFigures> {
  const total = signals + warmUp;
  const { webhookPaths } = await paperBridgesOnOwnAccounts(platform.url, Math.max(bridgesFor(total), Math.ceil(total / ORDERS_PER_PAPER_ACCOUNT)));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const probe = probePlacements();
  const worker = await startBenchSignalWorker(platform);
  /** POSTs one webhook; answers its status and the signal id it answered (null unless 202). */
  const post = (path: string, body: string) =>
    new Promise<{ status: number; signalId: string | null }>((resolve, reject) => {
      const req = request(new URL(`${platform.url}${path}`), { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const answer = status === 202 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { signal_id: string } }) : null;
          resolve({ status, signalId: answer?.data.signal_id ?? null });
        });
      });
      req.on('error', reject);
      req.end(body);
    });

  /** One signal, start to the end of its worker run; null when its run failed or placed no accepted order. */
  const once = async (n: number): Promise<SignalTiming | null> => {
    let placement: Placement | null = null;
    probe.onPlacement((placed) => {
      placement = placed;
    });
    let timer: NodeJS.Timeout | undefined;
    const finished = new Promise<WorkerBatch | null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_FOR_WORKER_MS);
      worker.onBatch(resolve);
    });
    const postedAt = performance.now();
    const { signalId } = await post(webhookPaths[n % webhookPaths.length] ?? '', benchSignalBody(`latency-${n}`));
    const batch = signalId === null ? null : await finished;
    clearTimeout(timer);
    const placed = placement as Placement | null;
    const ran = batch !== null && batch.failed === 0 && signalId !== null && batch.signalIds.includes(signalId);
    return ran && placed && placed.outcome === 'accepted' ? { postedAt, batch, placement: placed } : null;
  };

  try {
    const timings: (SignalTiming | null)[] = [];
    for (let n = 0; n < total; n += 1) {
      const timing = await once(n);
      if (n >= warmUp) timings.push(timing);
    }
    const ok = timings.filter((timing): timing is SignalTiming => timing !== null);
    return {
      signals,
      warmUp,
      errors: signals - ok.length,
      workerOverhead: summariseLatency(ok.map((t) => t.placement.sentAt - t.batch.pickedUpAt)),
      workerCpu: summariseLatency(ok.map((t) => performance.eventLoopUtilization(t.placement.loopAtSend, t.batch.loopAtPickUp).active)),
      webhookToOrder: summariseLatency(ok.map((t) => t.placement.answeredAt - t.postedAt)),
      webhookToPickUp: summariseLatency(ok.map((t) => t.batch.pickedUpAt - t.postedAt)),
      paperPlace: summariseLatency(ok.map((t) => t.placement.answeredAt - t.placement.sentAt)),
    };
  } finally {
    worker.onBatch(null);
    await worker.stop();
    probe.restore();
    agent.destroy();
  }
}
