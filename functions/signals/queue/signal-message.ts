import * as z from 'zod';
import type { BridgeKind } from '../../data/signals-repository';

/**
 * The signal queue message a webhook sends (queue-message.ts `kind` + payload). It names the stored
 * signal only: the worker reads the signal item, so the raw body never crosses the queue.
 */
export const SIGNAL_MESSAGE_KINDS: Readonly<Record<BridgeKind, string>> = {
  json: 'json-bridge-signal',
  custom: 'custom-bridge-signal',
};
export const JSON_BRIDGE_SIGNAL_MESSAGE_KIND = SIGNAL_MESSAGE_KINDS.json;
export const CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND = SIGNAL_MESSAGE_KINDS.custom;

export const signalPayloadSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  bridge_id: z.string(),
  signal_id: z.string(),
});
export type SignalPayload = z.infer<typeof signalPayloadSchema>;
