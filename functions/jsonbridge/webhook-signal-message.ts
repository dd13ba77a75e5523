import * as z from 'zod';

/**
 * The signal queue message a JSON bridge webhook sends (queue-message.ts `kind` + payload). It names
 * the stored signal only: the worker reads the signal item, so the raw body crosses the queue never.
 */
export const JSON_BRIDGE_SIGNAL_MESSAGE_KIND = 'json-bridge-signal';

export const jsonBridgeSignalPayloadSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  json_bridge_id: z.string(),
  signal_id: z.string(),
});
export type JsonBridgeSignalPayload = z.infer<typeof jsonBridgeSignalPayloadSchema>;
