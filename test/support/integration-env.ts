import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { setLogSink } from '../../functions/platform/logger';
import { applyLocalEnvironment } from '../../infra/local/local-environment';
import { keepFileInsideOneMarketDay } from './day-steady-clock';

/** A file never sees the market day change under it (see day-steady-clock). */
keepFileInsideOneMarketDay();

/** Files and mails of the integration tests go to a throwaway folder (one per test file). */
export const integrationDataDir = mkdtempSync(join(tmpdir(), 'tb-integration-'));
afterAll(() => rmSync(integrationDataDir, { recursive: true, force: true }));

/** Each integration test file talks to the shared engines through the same variables the Lambdas read. */
const engines = inject('engines');
applyLocalEnvironment({
  tableName: engines.tableName,
  dynamodbEndpoint: engines.dynamodbEndpoint,
  sqsEndpoint: engines.sqsEndpoint,
  signalQueueUrl: engines.queueUrl,
  jwtSecret: 'integration-test-signing-secret-0123456789abcdef',
  franchiseHosts: { 'tenant-two.localhost': 2 },
  logLevel: 'warn',
  dataDir: integrationDataDir,
  egressSecret: 'integration-test-egress-secret-0123456789abcdef',
});

export const capturedLogs: string[] = [];
setLogSink((line) => {
  capturedLogs.push(line);
});
