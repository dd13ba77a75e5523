import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setLogSink } from '../../functions/platform/logger';
import { startLocalEngines } from '../../infra/local/engines/local-engines';
import { startGateway } from '../../infra/local/gateway';
import { applyLocalEnvironment } from '../../infra/local/local-environment';
import { createTestUser } from '../support/users';

export interface LatencyFigure {
  readonly ratePerSecond: number;
  readonly requests: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

const WARM_UP_SECONDS = 5;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Open-loop load: requests start on a fixed schedule whatever the answers' speed (no coordinated omission). */
export async function measureGatewayLatency(ratePerSecond = 200, seconds = 10): Promise<LatencyFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
  const engines = await startLocalEngines({ tableName: 'bench', queueVisibilitySeconds: 30 });
  setLogSink(() => undefined);
  applyLocalEnvironment({
    tableName: engines.tableName,
    dynamodbEndpoint: engines.dynamodbEndpoint,
    sqsEndpoint: engines.sqsEndpoint,
    signalQueueUrl: engines.queues.queueUrl,
    jwtSecret: 'bench-signing-secret-0123456789abcdefghijkl',
    logLevel: 'error',
    dataDir,
  });
  const gateway = await startGateway({ host: '127.0.0.1', port: 0, web: null, files: null, runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'bench' }) });
  try {
    const { token } = await createTestUser();
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const url = new URL(`${gateway.url}/api/v4/users/getuserprofile`);
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
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    return {
      ratePerSecond,
      requests: total,
      errors: results.filter((r) => !r.ok).length,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted[sorted.length - 1] ?? 0,
    };
  } finally {
    await gateway.stop();
    await engines.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
