import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import type { Logger } from '../platform/logger';
import { queueMessageSchema } from '../signals/queue/queue-message';
import type { SignalProcessor } from '../signals/queue/signal-processors';

/**
 * Processes an SQS batch record by record and reports the failed ones (ReportBatchItemFailures),
 * so only those are redelivered. In a FIFO queue a failure also holds back the rest of its message
 * group in this batch, keeping the group's order.
 */
export async function processBatch(
  records: readonly SQSRecord[],
  processors: Readonly<Record<string, SignalProcessor>>,
  log: Logger,
): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  const failedGroups = new Set<string>();
  for (const record of records) {
    const group = record.attributes.MessageGroupId;
    if (group && failedGroups.has(group)) {
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    try {
      const message = queueMessageSchema.parse(JSON.parse(record.body));
      const processor = processors[message.kind];
      if (!processor) throw new Error(`No processor for message kind '${message.kind}'`);
      await processor(message, log.child({ messageId: message.messageId, kind: message.kind }), Number(record.attributes.ApproximateReceiveCount ?? '1') || 1);
    } catch (error) {
      log.warn('queue message failed', { sqsMessageId: record.messageId, receiveCount: record.attributes.ApproximateReceiveCount, error });
      failures.push({ itemIdentifier: record.messageId });
      if (group) failedGroups.add(group);
    }
  }
  return { batchItemFailures: failures };
}
