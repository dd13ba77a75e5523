import type { BridgeKind } from '../../data/signals-repository';
import { sqs } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { config } from '../../platform/config';
import type { QueueMessage } from './queue-message';
import { SIGNAL_MESSAGE_KINDS, type SignalPayload } from './signal-message';

// Loaded on first send, like the client: the bridge's other calls never load the SQS SDK. Kept, so a
// send does not go through the module loader again (a hop to the loader thread under tsx).
let sqsSdkLoad: Promise<typeof import('@aws-sdk/client-sqs')> | undefined;
const sqsSdk = () => (sqsSdkLoad ??= import('@aws-sdk/client-sqs'));

/**
 * Sends one stored signal to the FIFO signal queue: the bridge is the message group (its signals run
 * in order, bridges in parallel) and the signal id the deduplication id, so a second send of the same
 * signal within SQS's five-minute window is dropped by the queue itself. The payload names the stored
 * signal and, from a webhook, carries the hints of what it read on the bridge (signal-message.ts).
 * `deduplicationId` is the signal id, except for a replay, which must not be dropped as the first send's duplicate.
 */
export async function enqueueSignal(bridgeKind: BridgeKind, payload: SignalPayload, now = clockNow(), deduplicationId = payload.signal_id): Promise<void> {
  const queueUrl = config().signalQueueUrl;
  if (!queueUrl) throw new Error('The signal queue URL is not configured');
  const { SendMessageCommand } = await sqsSdk();
  const message: QueueMessage = { kind: SIGNAL_MESSAGE_KINDS[bridgeKind], messageId: payload.signal_id, enqueuedAt: now.toISOString(), payload };
  await (await sqs()).send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      MessageGroupId: payload.bridge_id,
      MessageDeduplicationId: deduplicationId,
    }),
  );
}
