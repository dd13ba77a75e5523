import type { Logger } from '../platform/logger';
import { jsonBridgeSignalProcessor } from '../signals/json-bridge/json-bridge-processor';
import { CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND, JSON_BRIDGE_SIGNAL_MESSAGE_KIND } from '../signals/queue/signal-message';
import { customBridgeSignalProcessor } from '../bridge/execution/custom-bridge-processor';
import type { QueueMessage } from './queue-message';

/**
 * Handles one message kind; throwing leaves the message on the queue for a retry (then the DLQ).
 * `receiveCount` is the delivery's ApproximateReceiveCount (1 on the first), so a processor can tell
 * its last delivery before the DLQ.
 */
export type SignalProcessor = (message: QueueMessage, log: Logger, receiveCount: number) => Promise<void>;

/**
 * The processors the signal worker knows, by message kind. The bridge issues register theirs; a
 * message of an unknown kind fails and ends in the DLQ, visible there.
 */
export const SIGNAL_PROCESSORS: Readonly<Record<string, SignalProcessor>> = {
  [JSON_BRIDGE_SIGNAL_MESSAGE_KIND]: jsonBridgeSignalProcessor,
  [CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND]: customBridgeSignalProcessor,
};
