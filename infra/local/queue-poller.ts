import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { nowMs } from '../../functions/platform/clock';

export interface QueuePollerOptions {
  readonly client: SQSClient;
  readonly queueUrl: string;
  readonly queueArn: string;
  readonly handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
  readonly batchSize: number;
  /** Must stay below the queue's visibility timeout (local engine caveat, toolchain.md §2). */
  readonly waitTimeSeconds: number;
  readonly onError: (error: unknown) => void;
}

/** A received message as the event-source mapping hands it to a Lambda. */
export function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(nowMs()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(nowMs()),
      ...(attributes.MessageGroupId ? { MessageGroupId: attributes.MessageGroupId } : {}),
      ...(attributes.MessageDeduplicationId ? { MessageDeduplicationId: attributes.MessageDeduplicationId } : {}),
      ...(attributes.SequenceNumber ? { SequenceNumber: attributes.SequenceNumber } : {}),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'ap-south-1',
  };
}

/**
 * Stands in for the Lambda SQS event-source mapping: long-polls a batch, invokes the handler, deletes
 * the records it did not report as failed. Failed records become visible again after the visibility
 * timeout, and the engine moves them to the DLQ after maxReceiveCount receives, as on AWS.
 */
export function startQueuePoller(options: QueuePollerOptions): { stop(): Promise<void> } {
  let running = true;
  const abort = new AbortController();

  const receive = async (maxMessages: number, waitTimeSeconds: number) => {
    const { Messages = [] } = await options.client.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: maxMessages,
        WaitTimeSeconds: waitTimeSeconds,
        AttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    return Messages;
  };

  /**
   * The local engine holds a long poll until it can fill the whole batch asked for, so a lone signal
   * would wait out the poll (seconds). The poller long-polls for one message — answered as soon as one
   * arrives — then takes whatever else is already there without waiting, up to the batch size, as the
   * Lambda event source does under load.
   */
  const receiveBatch = async (): Promise<Message[]> => {
    const first = await receive(1, options.waitTimeSeconds);
    if (first.length === 0 || options.batchSize <= 1) return first;
    return [...first, ...(await receive(Math.min(10, options.batchSize - 1), 0))];
  };

  const pollOnce = async () => {
    const Messages = await receiveBatch();
    if (Messages.length === 0) return;
    const records = Messages.map((message) => toRecord(message, options.queueArn));
    let failed: Set<string>;
    try {
      const result = await options.handler({ Records: records });
      failed = new Set(result.batchItemFailures.map((failure) => failure.itemIdentifier));
    } catch (error) {
      options.onError(error);
      failed = new Set(records.map((record) => record.messageId));
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    if (done.length > 0) {
      await options.client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: options.queueUrl,
          Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
        }),
      );
    }
  };

  const loop = (async () => {
    while (running) {
      try {
        await pollOnce();
      } catch (error) {
        if (!running) break;
        options.onError(error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();

  return {
    async stop() {
      running = false;
      abort.abort();
      await loop;
    },
  };
}
