import { DeleteMessageCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { expect } from 'vitest';
import { config } from '../../functions/platform/config';
import { handler } from '../../functions/workers/signal-worker';
import { toRecord } from '../../infra/local/queue-poller';

/** A received message as the event-source mapping hands it to the worker (the local queue poller's own conversion). */
const recordOf = (message: Message): SQSRecord => toRecord(message, 'arn:aws:sqs:ap-south-1:000000000000:signal-worker');

/**
 * Drains the file's own signal queue (own-signal-queue.ts) through the real worker handler, as the
 * event-source mapping would, expecting no failed record; answers the records it ran.
 */
export async function drainThroughWorker(sqsClient: SQSClient): Promise<SQSRecord[]> {
  const ran: SQSRecord[] = [];
  for (;;) {
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, AttributeNames: ['All'] }));
    if (Messages.length === 0) return ran;
    const records = Messages.map(recordOf);
    const { batchItemFailures } = await handler({ Records: records });
    expect(batchItemFailures).toEqual([]);
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    ran.push(...records);
  }
}
