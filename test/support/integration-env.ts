import { inject } from 'vitest';
import { setLogSink } from '../../functions/platform/logger';
import { applyLocalEnvironment } from '../../infra/local/local-environment';

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
});

export const capturedLogs: string[] = [];
setLogSink((line) => {
  capturedLogs.push(line);
});
