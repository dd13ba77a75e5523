import * as z from 'zod';
import { defineCall } from './define-call';
import { jsonBridgeIdField } from './jsonbridge';

/**
 * Optional sender checks of a bridge's webhook (issue 6; spec extension, ADR 0008), for both kinds of
 * bridge: a signing secret (the sender adds `X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`,
 * within ±300 s) and a source address allowlist (TradingView's four published addresses as a preset),
 * the bridge's signal validity window, and its retry window.
 * The secret is made by the server, answered once when made, stored sealed and never shown again.
 */
export const MAX_ALLOWED_SOURCE_ADDRESSES = 20;
/** A signal picked up later than this after it arrived is expired, never executed late (issue 6: default 60 s, per bridge). */
export const DEFAULT_SIGNAL_VALIDITY_SECONDS = 60;
export const MIN_SIGNAL_VALIDITY_SECONDS = 5;
export const MAX_SIGNAL_VALIDITY_SECONDS = 3600;
/**
 * A body identical to one the bridge accepted this many seconds ago or less is the sender's retry: the
 * same signal, answered with the first one's id (issue 14: default 60 s, per bridge, 0 = every arrival
 * is a new signal). A sender's own `signal_id` always wins over it.
 */
export const DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS = 60;
export const MAX_SIGNAL_RETRY_WINDOW_SECONDS = 3600;
/** TradingView posts from these four published IPv4 addresses and never IPv6 (reference/reliability.md): the screens' preset. */
export const TRADINGVIEW_WEBHOOK_ADDRESSES = ['52.89.214.238', '34.212.75.30', '54.218.53.128', '52.32.178.7'] as const;

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const customBridgeIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid bridge id.');

const allowedIpsField = z
  .array(z.string().trim().refine((value) => /^[0-9a-fA-F:.]{2,45}$/.test(value), 'Enter IPv4 or IPv6 addresses.'))
  .max(MAX_ALLOWED_SOURCE_ADDRESSES, `At most ${MAX_ALLOWED_SOURCE_ADDRESSES} addresses.`);

/** `keep` leaves signing as it is; `on` makes a secret when there is none; `rotate` replaces it at once; `off` drops it. */
export const SIGNING_CHANGES = ['keep', 'on', 'rotate', 'off'] as const;

const securityChangeFields = {
  signing: z.enum(SIGNING_CHANGES, { error: `signing must be one of ${SIGNING_CHANGES.join(', ')}.` }),
  /** The only addresses the webhook takes requests from; empty takes every address. */
  allowed_ips: allowedIpsField,
  /** Leave out to keep the current window. */
  signal_validity_seconds: z
    .number('The validity window must be a number of seconds.')
    .int('The validity window must be whole seconds.')
    .min(MIN_SIGNAL_VALIDITY_SECONDS, `The validity window must be at least ${MIN_SIGNAL_VALIDITY_SECONDS} s.`)
    .max(MAX_SIGNAL_VALIDITY_SECONDS, `The validity window must be at most ${MAX_SIGNAL_VALIDITY_SECONDS} s.`)
    .optional(),
  /** Leave out to keep the current window; 0 turns it off. */
  retry_window_seconds: z
    .number('The retry window must be a number of seconds.')
    .int('The retry window must be whole seconds.')
    .min(0, 'The retry window cannot be negative (0 turns it off).')
    .max(MAX_SIGNAL_RETRY_WINDOW_SECONDS, `The retry window must be at most ${MAX_SIGNAL_RETRY_WINDOW_SECONDS} s.`)
    .optional(),
};

export const bridgeSecuritySchema = z.object({
  require_signature: z.boolean(),
  /** When the current secret was made; null without one. */
  secret_created_at: z.string().nullable(),
  allowed_ips: z.array(z.string()),
  /** Seconds after arrival a signal may still be executed; later it is expired. */
  signal_validity_seconds: z.number().int(),
  /** Seconds during which the same body again is the same signal (a sender's retry); 0 = off. */
  retry_window_seconds: z.number().int(),
});
export type BridgeSecurity = z.infer<typeof bridgeSecuritySchema>;

/** Answered by a change that made a secret: the only time it is shown. */
export const bridgeSecurityChangeSchema = bridgeSecuritySchema.extend({ signing_secret: z.string().nullable() });
export type BridgeSecurityChange = z.infer<typeof bridgeSecurityChangeSchema>;

const GET_SUMMARY = "The webhook's sender checks: whether requests must be signed, since when the secret exists, the allowed source addresses (never the secret).";
const UPDATE_SUMMARY =
  'Changes the sender checks: signing on / rotate (answers the new secret once; the old one stops at once) / off / keep, the allowed source addresses (empty: all), and the validity and retry windows. Spec extension.';

export const jsonBridgeSecurityContracts = {
  getJsonBridgeSecurity: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/getjsonbridgesecurity',
    role: 'user',
    summary: GET_SUMMARY,
    request: z.strictObject({ json_bridge_id: jsonBridgeIdField }),
    response: bridgeSecuritySchema,
    specExtension: 'Issue 6: optional per-bridge HMAC signature (X-Signature) and source allowlist for the webhook; the spec lists no call that sets them.',
  }),
  updateJsonBridgeSecurity: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/updatejsonbridgesecurity',
    role: 'user',
    summary: UPDATE_SUMMARY,
    request: z.strictObject({ json_bridge_id: jsonBridgeIdField, ...securityChangeFields }),
    response: bridgeSecurityChangeSchema,
    specExtension: 'Issue 6: optional per-bridge HMAC signature (X-Signature) and source allowlist for the webhook; the spec lists no call that sets them.',
    activity: 'Changed a Json Bridge webhook security',
  }),
} as const;

export const customBridgeSecurityContracts = {
  getBridgeSecurity: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/getbridgesecurity',
    role: 'user',
    summary: GET_SUMMARY,
    request: z.strictObject({ bridge_id: customBridgeIdField }),
    response: bridgeSecuritySchema,
    specExtension: 'Issue 6: optional per-bridge HMAC signature (X-Signature) and source allowlist for the webhook; the spec lists no call that sets them.',
  }),
  updateBridgeSecurity: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/updatebridgesecurity',
    role: 'user',
    summary: UPDATE_SUMMARY,
    request: z.strictObject({ bridge_id: customBridgeIdField, ...securityChangeFields }),
    response: bridgeSecurityChangeSchema,
    specExtension: 'Issue 6: optional per-bridge HMAC signature (X-Signature) and source allowlist for the webhook; the spec lists no call that sets them.',
    activity: 'Changed a bridge webhook security',
  }),
} as const;
