import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, inject } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { configureOrderPath, type OrderPathSettings } from '../../functions/orders/order-path-settings';
import { resetConfigForTests } from '../../functions/platform/config';

/**
 * A FIFO signal queue of this test file's own on the shared SQS engine, named after the file: the
 * webhooks of this file send to it, and no other file's worker drains it. With order-path settings
 * (paper trades around the clock by default), they apply for the file and are undone after it.
 * Answers the SQS client the file reads its queue with.
 */
export function useOwnSignalQueue(name: string, orderPath: Partial<OrderPathSettings> | null = { paperAlwaysOpen: true }): SQSClient {
  const sqsClient = new SQSClient({ endpoint: inject('engines').sqsEndpoint, region: 'ap-south-1' });
  let restoreSettings: () => void = () => undefined;
  beforeAll(async () => {
    const { QueueUrl } = await sqsClient.send(new CreateQueueCommand({ QueueName: `${name}-${randomUUID()}.fifo`, Attributes: { FifoQueue: 'true' } }));
    if (!QueueUrl) throw new Error('no queue url');
    process.env[ENV.signalQueueUrl] = QueueUrl;
    resetConfigForTests();
    if (orderPath) restoreSettings = configureOrderPath(orderPath);
  });
  afterAll(() => {
    restoreSettings();
    sqsClient.destroy();
  });
  return sqsClient;
}
