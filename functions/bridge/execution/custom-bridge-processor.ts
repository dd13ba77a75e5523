import { runSignal } from '../../signals/execution/run-signal';
import { signalPayloadSchema } from '../../signals/queue/signal-message';
import type { SignalProcessor } from '../../workers/signal-processors';
import { customBridgePlanner } from './custom-bridge-planner';

/** The signal worker's processor for queue kind `custom-bridge-signal` (CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND). */
export const customBridgeSignalProcessor: SignalProcessor = (message, log, receiveCount) =>
  runSignal(signalPayloadSchema.parse(message.payload), customBridgePlanner, log, { receiveCount, enqueuedAt: message.enqueuedAt });
