/** Queues between webhook signals and broker order placement (DESIGN.md §1, §5). */
export const SIGNAL_QUEUE = {
  name: 'signals.fifo',
  deadLetterName: 'signals-dlq.fifo',
  maxReceiveCount: 5,
  deadLetterRetentionDays: 14,
  /** The signal worker's time limit; the queue's visibility timeout is 6× this. */
  workerTimeoutSeconds: 30,
  batchSize: 10,
} as const;

export const SIGNAL_QUEUE_VISIBILITY_SECONDS = SIGNAL_QUEUE.workerTimeoutSeconds * 6;
