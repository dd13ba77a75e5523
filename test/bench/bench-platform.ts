import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { setLogSink } from '../../functions/platform/logger';
import { startLocalEngines } from '../../infra/local/engines/local-engines';
import { startGateway } from '../../infra/local/gateway';
import { applyLocalEnvironment } from '../../infra/local/local-environment';

export interface BenchPlatform {
  /** The local gateway's origin, e.g. http://127.0.0.1:41234 (the API is under /api/v4). */
  readonly url: string;
  /** The SQS engine and the signal queue the webhooks send to (no poller reads it unless a bench starts one). */
  readonly sqsEndpoint: string;
  readonly signalQueueUrl: string;
  stop(): Promise<void>;
}

/**
 * The platform a benchmark measures: real engines (DynamoDB Local in memory, the SQS engine), the
 * handlers behind the local gateway (API only), a throwaway data folder, and a paper exchange that
 * trades around the clock so order benchmarks run at any hour. Handler logs are dropped (their
 * writes would be timed too).
 */
export async function startBenchPlatform(): Promise<BenchPlatform> {
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
  const restoreOrderPath = configureOrderPath({ paperAlwaysOpen: true });
  const gateway = await startGateway({ host: '127.0.0.1', port: 0, web: null, files: null, runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'bench' }) });
  return {
    url: gateway.url,
    sqsEndpoint: engines.sqsEndpoint,
    signalQueueUrl: engines.queues.queueUrl,
    async stop() {
      await gateway.stop();
      restoreOrderPath();
      await engines.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
