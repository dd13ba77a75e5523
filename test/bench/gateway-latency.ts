import { Agent, request } from 'node:http';
import { createTestUser } from '../support/users';
import { startBenchPlatform } from './bench-platform';
import { summariseLatency } from './latency-summary';

export interface LatencyFigure {
  readonly ratePerSecond: number;
  readonly requests: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

const WARM_UP_SECONDS = 5;

/** Open-loop load: requests start on a fixed schedule whatever the answers' speed (no coordinated omission). */
export async function measureGatewayLatency(ratePerSecond = 200, seconds = 10): Promise<LatencyFigure> {
  const platform = await startBenchPlatform();
  try {
    const { token } = await createTestUser();
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const url = new URL(`${platform.url}/api/v4/users/getuserprofile`);
    const once = () =>
      new Promise<{ ms: number; ok: boolean }>((resolve) => {
        const started = performance.now();
        const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ ms: performance.now() - started, ok: res.statusCode === 200 }));
        });
        req.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
        req.end();
      });
    const openLoop = async (count: number) => {
      const pending: Promise<{ ms: number; ok: boolean }>[] = [];
      const start = performance.now();
      for (let i = 0; i < count; i += 1) {
        const due = start + (i * 1000) / ratePerSecond;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        pending.push(once());
      }
      return Promise.all(pending);
    };
    // Warm-up at the same rate, discarded: lets the JVM of DynamoDB Local compile its hot paths.
    await openLoop(ratePerSecond * WARM_UP_SECONDS);
    const total = ratePerSecond * seconds;
    const results = await openLoop(total);
    agent.destroy();
    const { p50Ms, p99Ms, maxMs } = summariseLatency(results.map((r) => r.ms));
    return { ratePerSecond, requests: total, errors: results.filter((r) => !r.ok).length, p50Ms, p99Ms, maxMs };
  } finally {
    await platform.stop();
  }
}
