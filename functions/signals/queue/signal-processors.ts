import { followUpOrderStatus, ORDER_STATUS_MESSAGE_KIND } from '../../orders/order-status-follow-up';
import type { Logger } from '../../platform/logger';
import { customBridgePlanner } from '../custom-bridge/custom-bridge-planner';
import { runSignal } from '../execution/run-signal';
import type { SignalPlanner } from '../execution/signal-planner';
import { jsonBridgePlanner } from '../json-bridge/json-bridge-planner';
import type { QueueMessage } from './queue-message';
import { CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND, JSON_BRIDGE_SIGNAL_MESSAGE_KIND, signalPayloadSchema } from './signal-message';

/**
 * Handles one message kind; throwing leaves the message on the queue for a retry (then the DLQ).
 * `receiveCount` is the delivery's ApproximateReceiveCount (1 on the first), so a processor can tell
 * its last delivery before the DLQ.
 */
export type SignalProcessor = (message: QueueMessage, log: Logger, receiveCount: number) => Promise<void>;

/** Each bridge kind's planner, by the queue message kind its webhook sends: the only thing the kinds do differently. */
const PLANNERS_BY_MESSAGE_KIND: Readonly<Record<string, SignalPlanner>> = {
  [JSON_BRIDGE_SIGNAL_MESSAGE_KIND]: jsonBridgePlanner,
  [CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND]: customBridgePlanner,
};

/** Runs the message's signal with the planner of its kind (execution/run-signal.ts does the rest). */
const processorFor =
  (planner: SignalPlanner): SignalProcessor =>
  (message, log, receiveCount) =>
    runSignal(signalPayloadSchema.parse(message.payload), planner, log, { receiveCount, enqueuedAt: message.enqueuedAt });

/**
 * The processors the signal worker knows, by message kind: the bridges' signals and the order-status
 * follow-ups; a message of an unknown kind fails and ends in the DLQ, visible there.
 */
export const SIGNAL_PROCESSORS: Readonly<Record<string, SignalProcessor>> = {
  ...Object.fromEntries(Object.entries(PLANNERS_BY_MESSAGE_KIND).map(([kind, planner]) => [kind, processorFor(planner)])),
  // An accepted order's status, read once from its broker's order book (orders/order-status-follow-up.ts).
  [ORDER_STATUS_MESSAGE_KIND]: (message, log, receiveCount) => followUpOrderStatus(message.payload, log, receiveCount),
};
