import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handler as signalWorker } from '../../functions/workers/signal-worker';
import { startQueuePoller } from '../../infra/local/queue-poller';
import type { BenchPlatform } from './bench-platform';

/** One batch the worker handled: when the handler got it and when it returned. */
export interface WorkerBatch {
  readonly signalIds: readonly string[];
  /** performance.now() when the poller handed the records to the signal worker's handler. */
  readonly pickedUpAt: number;
  /** performance.eventLoopUtilization() then: the main thread's busy time, to tell the worker's own work from its waits. */
  readonly loopAtPickUp: EventLoopUtilization;
  readonly doneAt: number;
  readonly failed: number;
}

export interface BenchSignalWorker {
  /** Called after each batch the handler finished (a bench waits on it). */
  onBatch(listener: ((batch: WorkerBatch) => void) | null): void;
  stop(): Promise<void>;
}

/**
 * The signal worker fed by the local queue poller (infra/local/queue-poller.ts), as the local runtime
 * runs it, with the handler's start and end timed.
 *
 * One message per receive, long-polled, by default: the SQS engine answers a long poll only once it
 * holds a full batch or the wait ends, so a batch of 10 holds a lone signal for the whole wait (about
 * 1.05 s at a 1 s wait). On AWS a receive answers as soon as a message is there; one message per
 * receive behaves the same way here.
 */
export async function startBenchSignalWorker(platform: BenchPlatform, options: { readonly batchSize?: number; readonly waitTimeSeconds?: number } = {}): Promise<BenchSignalWorker> {
  const client = new SQSClient({ endpoint: platform.sqsEndpoint, region: 'ap-south-1' });
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: platform.signalQueueUrl, AttributeNames: ['QueueArn'] }));
  let listener: ((batch: WorkerBatch) => void) | null = null;
  const timedHandler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const loopAtPickUp = performance.eventLoopUtilization();
    const pickedUpAt = performance.now();
    const answer = await signalWorker(event);
    const signalIds = event.Records.map((record) => (JSON.parse(record.body) as { messageId: string }).messageId);
    listener?.({ signalIds, pickedUpAt, loopAtPickUp, doneAt: performance.now(), failed: answer.batchItemFailures.length });
    return answer;
  };
  const poller = startQueuePoller({
    client,
    queueUrl: platform.signalQueueUrl,
    queueArn: Attributes?.QueueArn ?? 'local',
    handler: timedHandler,
    batchSize: options.batchSize ?? 1,
    waitTimeSeconds: options.waitTimeSeconds ?? 1,
    onError: (error) => console.error('bench queue poller:', error),
  });
  return {
    onBatch: (next) => {
      listener = next;
    },
    async stop() {
      await poller.stop();
      client.destroy();
    },
  };
}
