import { randomUUID } from 'node:crypto';
import { now, nowMs } from '../../functions/platform/clock';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { handler as signalWorker } from '../../functions/workers/signal-worker';
import { startQueuePoller } from '../../infra/local/queue-poller';

const engines = inject('engines');
const client = new SQSClient({ endpoint: engines.sqsEndpoint, region: 'ap-south-1' });
afterAll(() => client.destroy());

async function send(kind: string, group = 'bridge-1') {
  const messageId = randomUUID();
  await client.send(
    new SendMessageCommand({
      QueueUrl: engines.queueUrl,
      MessageBody: JSON.stringify({ kind, messageId, enqueuedAt: now().toISOString(), payload: {} }),
      MessageGroupId: group,
      MessageDeduplicationId: messageId,
    }),
  );
  return messageId;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = nowMs() + timeoutMs;
  while (nowMs() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}

function poll(handler: (event: SQSEvent) => Promise<SQSBatchResponse>) {
  return startQueuePoller({
    client,
    queueUrl: engines.queueUrl,
    queueArn: 'arn:local',
    handler,
    batchSize: SIGNAL_QUEUE.batchSize,
    waitTimeSeconds: 1,
    onError: () => undefined,
  });
}

const kindOf = (body: string) => (JSON.parse(body) as { kind: string }).kind;

describe('the local queue poller (stand-in for the SQS event source)', () => {
  it('deletes what the handler processed and redelivers only the reported failures', async () => {
    // Prepare
    const seen: string[] = [];
    let failOnce = true;
    const poller = poll(async (event) => {
      const failures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        const kind = kindOf(record.body);
        seen.push(kind);
        if (kind === 'flaky' && failOnce) {
          failOnce = false;
          failures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures: failures };
    });
    // Act
    await send('ok-1', 'group-a');
    await send('flaky', 'group-b');
    // Assess
    await waitFor(() => seen.filter((k) => k === 'flaky').length === 2, 15_000);
    await poller.stop();
    expect(seen.filter((k) => k === 'ok-1')).toHaveLength(1);
    const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl: engines.queueUrl, WaitTimeSeconds: 1 }));
    expect(Messages).toHaveLength(0);
  });

  it('moves a message the signal worker cannot process to the DLQ after maxReceiveCount receives', async () => {
    const receiveCounts: number[] = [];
    const poller = poll(async (event) => {
      for (const record of event.Records) receiveCounts.push(Number(record.attributes.ApproximateReceiveCount));
      return signalWorker(event);
    });
    await send('no-such-kind', 'group-dlq');
    const dlqDepth = async () => {
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: engines.deadLetterUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
      );
      return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
    };
    await waitFor(async () => (await dlqDepth()) === 1, 40_000);
    await poller.stop();
    expect(receiveCounts).toEqual([1, 2, 3, 4, 5].slice(0, SIGNAL_QUEUE.maxReceiveCount));
  }, 60_000);
});
