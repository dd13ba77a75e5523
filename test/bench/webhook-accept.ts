import { Agent, request } from 'node:http';
import { benchSignalBody, bridgesFor, paperBridges } from './bench-bridges';
import type { BenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Webhook accept latency (issue 6): TradingView-style JSON bridge signals POSTed to
 * `/users/jsonbridge/webhook/{id}/{key}` at a fixed rate (open loop), each a new signal (its own
 * `signal_id`), on bridges connected to an order group with place-order on — so every request runs
 * the whole accept path: key check, sender checks, rate reservation, parse, conditional put of the
 * signal with the FIFO send alongside. The bench platform runs no queue poller, so the worker's load
 * is not in these figures. Bridges share the load to stay under the 100-a-minute limit of each.
 * Target: p99 ≤ 20 ms at 100 req/s.
 *
 * `unnamed` bodies carry no `signal_id` (each differs by its quantity), so each arrival also runs the
 * bridge's retry window (issue 14: one conditional write): the two runs side by side are the window's cost.
 */
export type AcceptBodies = 'named' | 'unnamed';

export interface WebhookAcceptFigures extends LatencySummary {
  readonly ratePerSecond: number;
  readonly errors: number;
  readonly bridges: number;
  readonly bodies: AcceptBodies;
}

/** The signal_id-less body of the `unnamed` run: a new body each time (never one arrival's retry). */
function unnamedBody(sequence: number): string {
  const { signal_id: _named, ...order } = JSON.parse(benchSignalBody('unused')) as Record<string, unknown>;
  return JSON.stringify({ ...order, quantity: sequence });
}

const WARM_UP_SECONDS = 5;

export async function measureWebhookAccept(platform: BenchPlatform, bodies: AcceptBodies = 'named', ratePerSecond = 100, seconds = 10): Promise<WebhookAcceptFigures> {
  const bridges = bridgesFor(ratePerSecond * (seconds + WARM_UP_SECONDS));
  const { webhookPaths: paths } = await paperBridges(platform.url, bridges);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let sent = 0;
  const once = () =>
    new Promise<{ ms: number; ok: boolean }>((resolve) => {
      sent += 1;
      const path = paths[sent % paths.length] ?? '';
      const body = bodies === 'named' ? benchSignalBody(`bench-${sent}`) : unnamedBody(sent);
      const started = performance.now();
      const req = request(new URL(`${platform.url}${path}`), { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - started, ok: res.statusCode === 202 }));
      });
      req.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
      req.end(body);
    });
  const openLoop = async (count: number) => {
    const pending: Promise<{ ms: number; ok: boolean }>[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i += 1) {
      const wait = start + (i * 1000) / ratePerSecond - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(once());
    }
    return Promise.all(pending);
  };
  await openLoop(ratePerSecond * WARM_UP_SECONDS);
  const results = await openLoop(ratePerSecond * seconds);
  agent.destroy();
  return { ...summariseLatency(results.map((r) => r.ms)), ratePerSecond, errors: results.filter((r) => !r.ok).length, bridges, bodies };
}
