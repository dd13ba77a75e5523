import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';
import { processBatch } from './process-batch';
import { SIGNAL_PROCESSORS } from '../signals/queue/signal-processors';

/** The SQS event-source handler of the signal queue (locally fed by the queue poller). */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const log = createLogger({ worker: 'signal-worker' }, config().logLevel);
  return processBatch(event.Records, SIGNAL_PROCESSORS, log);
}
