import { createSqsServer } from 'local-aws-sqs';
import { freePort } from './free-port';
import type { RunningEngine } from './dynamodb-local';

/** Starts the SQS-compatible engine in-process, bound to the given loopback host. */
export async function startSqsLocal(options: { host?: string; port?: number } = {}): Promise<RunningEngine> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const server = await createSqsServer({ port, hostname: host, region: 'ap-south-1', emulateQueueCreationLifecycle: false });
  return {
    endpoint: `http://${host}:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
