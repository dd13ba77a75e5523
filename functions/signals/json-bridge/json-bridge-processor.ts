import type { SignalProcessor } from '../../workers/signal-processors';
import { runSignal } from '../execution/run-signal';
import { signalPayloadSchema } from '../queue/signal-message';
import { jsonBridgePlanner } from './json-bridge-planner';

/** The signal worker's processor of JSON bridge signals (queue kind 'json-bridge-signal'). */
export const jsonBridgeSignalProcessor: SignalProcessor = (message, log, receiveCount) =>
  runSignal(signalPayloadSchema.parse(message.payload), jsonBridgePlanner, log, { receiveCount, enqueuedAt: message.enqueuedAt });
