import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { SIGNAL_QUEUE } from '../../../shared/config/queues';

export interface SignalQueues {
  readonly queueUrl: string;
  readonly deadLetterUrl: string;
}

/**
 * Creates the FIFO signal queue and its DLQ with the same redrive policy as the stack (idempotent:
 * CreateQueue with the same attributes answers the existing queue). Locally the visibility timeout
 * may be shorter, so a failing message reaches the DLQ in minutes rather than a quarter hour.
 */
export async function ensureSignalQueues(client: SQSClient, visibilityTimeoutSeconds: number): Promise<SignalQueues> {
  const dlq = await client.send(
    new CreateQueueCommand({
      QueueName: SIGNAL_QUEUE.deadLetterName,
      Attributes: { FifoQueue: 'true', MessageRetentionPeriod: String(SIGNAL_QUEUE.deadLetterRetentionDays * 86_400) },
    }),
  );
  if (!dlq.QueueUrl) throw new Error('DLQ has no URL');
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: SIGNAL_QUEUE.name,
      Attributes: {
        FifoQueue: 'true',
        VisibilityTimeout: String(visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes?.QueueArn, maxReceiveCount: SIGNAL_QUEUE.maxReceiveCount }),
      },
    }),
  );
  if (!queue.QueueUrl) throw new Error('Queue has no URL');
  return { queueUrl: queue.QueueUrl, deadLetterUrl: dlq.QueueUrl };
}
