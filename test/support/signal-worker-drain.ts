import { DeleteMessageCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { expect } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import { config } from '../../functions/platform/config';
import { handler } from '../../functions/workers/signal-worker';

/** A received message as the event-source mapping hands it to the worker. */
export function recordOf(message: Message): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(nowMs()),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(nowMs()),
      ...(attributes.MessageGroupId ? { MessageGroupId: attributes.MessageGroupId } : {}),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:ap-south-1:000000000000:signal-worker',
    awsRegion: 'ap-south-1',
  };
}

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
