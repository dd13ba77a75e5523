import type { Logger } from '../platform/logger';
import type { QueueMessage } from './queue-message';

/** Handles one message kind; throwing leaves the message on the queue for a retry (then the DLQ). */
export type SignalProcessor = (message: QueueMessage, log: Logger) => Promise<void>;

/**
 * The processors the signal worker knows, by message kind. The bridge issues register theirs
 * (signal execution, replays); a message of an unknown kind fails and ends in the DLQ, visible there.
 */
export const SIGNAL_PROCESSORS: Readonly<Record<string, SignalProcessor>> = {};
