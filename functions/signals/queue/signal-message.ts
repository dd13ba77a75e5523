import * as z from 'zod';
import { signalTargetKindSchema } from '../../../shared/contracts/signal-targets';
import type { BridgeKind } from '../../data/signals-repository';

/**
 * The signal queue message a webhook sends (queue-message.ts `kind` + payload). It names the stored
 * signal (the worker reads the signal item, so the raw body never crosses the queue) and, as hints,
 * what the webhook saw of the bridge: the worker reads the bridge again, and reads the hinted order
 * group and account in the same round trip; a hint the bridge no longer matches is read afresh.
 */
export const SIGNAL_MESSAGE_KINDS: Readonly<Record<BridgeKind, string>> = {
  json: 'json-bridge-signal',
  custom: 'custom-bridge-signal',
};
export const JSON_BRIDGE_SIGNAL_MESSAGE_KIND = SIGNAL_MESSAGE_KINDS.json;
export const CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND = SIGNAL_MESSAGE_KINDS.custom;

/** What the webhook read on the bridge: its order group and, for a JSON bridge, its target. Hints only, never trusted. */
export const signalHintsSchema = z.object({
  og_id: z.string().nullable(),
  target_kind: signalTargetKindSchema.nullable(),
  target_id: z.string().nullable(),
});
export type SignalHints = z.infer<typeof signalHintsSchema>;

/** A custom bridge's hints: it trades through its own order group; its triggers name their targets. */
export const orderGroupHints = (ogId: string): SignalHints => ({ og_id: ogId, target_kind: null, target_id: null });

export const signalPayloadSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  bridge_id: z.string(),
  signal_id: z.string(),
  hints: signalHintsSchema.optional(),
});
export type SignalPayload = z.infer<typeof signalPayloadSchema>;
