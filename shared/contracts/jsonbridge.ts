import * as z from 'zod';
import type { InstrumentType } from '../domain/instruments';
import { bridgeScriptTypeSchema, type BRIDGE_SCRIPT_TYPES } from '../domain/ranges';
import { defineCall } from './define-call';
import { nameField } from './fields';
import { orderGroupIdField, orderGroupSchema } from './ordermanager';
import { scriptSchema, scriptsContracts } from './scripts';
import { signalTargetRequestFields, signalTargetSchema } from './signal-targets';

/**
 * Route group `jsonbridge` (spec §7 "JSON bridge", `/users/jsonbridge/*`); the webhook call is
 * `jsonBridgeWebhookContracts` below. A JSON bridge (`json_bridge_id`, a ULID in the caller's partition, so another
 * user's id is simply not found: 404) feeds one of the caller's order-manager order groups:
 * `og_is_connected` says whether it is connected to one, `og_place_order` whether its signals place
 * orders. A new bridge is unconnected with place-order on (spec §4).
 *
 * Its webhook is `POST /users/jsonbridge/webhook/{first}/{second}`: `first` is the bridge id and
 * `second` a 256-bit random key. The spec never shows the URL again after it is made, so only a
 * SHA-256 hash of the key is kept; the key (and the path holding it) is answered once, by
 * `addjsonbridge` and by `regeneratejsonbridgekey`, which replaces it at once.
 */
export const JSON_BRIDGE_NOT_FOUND_MESSAGE = 'Json Bridge not found';
export const JSON_BRIDGE_CHANGED_MESSAGE = 'The Json Bridge or its order group changed meanwhile. Please try again.';
/** The webhook's path under the API base, with the bridge id and its key in place of `{first}` / `{second}`. */
export const JSON_BRIDGE_WEBHOOK_PATH_PREFIX = '/users/jsonbridge/webhook';

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const jsonBridgeIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid Json Bridge id.');
export const jsonBridgeNameField = nameField('Bridge name');

export const jsonBridgeSchema = z.object({
  json_bridge_id: z.string(),
  json_bridge_name: z.string(),
  /** The connected order group, null while unconnected. */
  og_id: z.string().nullable(),
  og_is_connected: z.boolean(),
  /** The account or copy-trading group the bridge's signals trade on (ADR 0008); null while unconnected. */
  target: signalTargetSchema.nullable(),
  /** Whether the bridge's signals place orders in its order group (the bridge's trading flag). */
  og_place_order: z.boolean(),
  /** When the current webhook key was made: the UI can say how old the URL it holds must be. */
  key_created_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JsonBridge = z.infer<typeof jsonBridgeSchema>;

/** The only answers that carry the webhook key: shown once, never stored in plain text. */
export const jsonBridgeWithKeySchema = jsonBridgeSchema.extend({
  webhook_key: z.string(),
  /** `/api/v4/users/jsonbridge/webhook/<json_bridge_id>/<webhook_key>`: the SPA prefixes its origin. */
  webhook_path: z.string(),
});
export type JsonBridgeWithKey = z.infer<typeof jsonBridgeWithKeySchema>;

export const jsonOrderManagerSchema = z.object({
  json_bridge_id: z.string(),
  /** The connected order group with its positions; null while unconnected or when the group is gone. */
  order_group: orderGroupSchema.nullable(),
});

/** The instrument types each bridge script type searches (spec §3: the bridge variant EQ, OPT, FUT). */
export const BRIDGE_SCRIPT_INSTRUMENT_TYPES: Readonly<Record<(typeof BRIDGE_SCRIPT_TYPES)[number], readonly InstrumentType[]>> = {
  EQ: ['EQ'],
  OPT: ['CE', 'PE'],
  FUT: ['FUT'],
};

const byBridge = { json_bridge_id: jsonBridgeIdField };
const byBridgeRequest = z.strictObject(byBridge);

export const jsonbridgeContracts = {
  getJsonBridges: defineCall({
    group: 'jsonbridge',
    method: 'GET',
    path: '/users/jsonbridge/getjsonbridges',
    role: 'user',
    summary: "The caller's JSON bridges, oldest first (no webhook keys).",
    response: z.array(jsonBridgeSchema),
  }),
  addJsonBridge: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/addjsonbridge',
    role: 'user',
    summary: 'Creates a JSON bridge, unconnected with place-order on, and answers its webhook key and path: the only time until the key is regenerated.',
    request: z.strictObject({ json_bridge_name: jsonBridgeNameField }),
    response: jsonBridgeWithKeySchema,
    activity: 'Added a Json Bridge',
  }),
  connectJsonBridge: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/connectjsonbridge',
    role: 'user',
    summary:
      "Connects the bridge to one of the caller's order groups and names the account or copy-trading group its signals trade on (replacing any connection); 404 for another user's bridge, order group, account or group.",
    request: z.strictObject({ ...byBridge, og_id: orderGroupIdField, ...signalTargetRequestFields }),
    response: jsonBridgeSchema,
    activity: 'Connected a Json Bridge',
  }),
  disconnectJsonBridge: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/disconnectjsonbridge',
    role: 'user',
    summary: 'Disconnects the bridge from its order group; its signals then place nothing.',
    request: byBridgeRequest,
    response: jsonBridgeSchema,
    activity: 'Disconnected a Json Bridge',
  }),
  updateJsonBridgeTradingFlag: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/updatejsonbridgetradingflag',
    role: 'user',
    summary: "Turns the bridge's place-order flag (`og_place_order`) on or off.",
    request: z.strictObject({ ...byBridge, og_place_order: z.boolean('og_place_order must be true or false.') }),
    response: jsonBridgeSchema,
    activity: 'Updated a Json Bridge trading flag',
  }),
  regenerateJsonBridgeKey: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/regeneratejsonbridgekey',
    role: 'user',
    summary: 'Makes a new webhook key and answers it with its path once; the old URL stops working at once.',
    request: byBridgeRequest,
    response: jsonBridgeWithKeySchema,
    activity: 'Regenerated a Json Bridge key',
  }),
  deleteJsonBridge: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/deletejsonbridge',
    role: 'user',
    summary: 'Deletes the bridge and its webhook key (its order group stays).',
    request: byBridgeRequest,
    response: z.object({ json_bridge_id: z.string() }),
    activity: 'Deleted a Json Bridge',
  }),
  updateJsonBridgeName: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/updatejsonbridgename',
    role: 'user',
    summary: 'Renames the bridge.',
    request: z.strictObject({ ...byBridge, json_bridge_name: jsonBridgeNameField }),
    response: jsonBridgeSchema,
    activity: 'Renamed a Json Bridge',
  }),
  getJsonBridgeById: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/getjsonbridgebyid',
    role: 'user',
    summary: 'One of the caller\'s bridges (no webhook key).',
    request: byBridgeRequest,
    response: jsonBridgeSchema,
  }),
  getJsonOrderManager: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/getjsonordermanager',
    role: 'user',
    summary: "The order group the bridge is connected to, with its positions (null while unconnected).",
    request: byBridgeRequest,
    response: jsonOrderManagerSchema,
  }),
  searchScript: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: '/users/jsonbridge/searchscript',
    role: 'user',
    summary: "Scripts of a bridge script type (EQ; OPT: CE and PE; FUT) whose symbol or name matches, best first (at most 50), for the syntax generator.",
    request: z.strictObject({ script_type: bridgeScriptTypeSchema, symbol: scriptsContracts.searchScriptsByType.request.shape.symbol }),
    response: z.array(scriptSchema),
    withMsg: true,
  }),
} as const;

/**
 * The JSON bridge webhook (issue 6): public, the key in the path authenticates (`first` = bridge id,
 * `second` = key; an unknown bridge and a wrong key both answer 401 and store nothing). The raw body
 * (TradingView JSON or text, ChartInk, action JSON; at most 64 KB, else 413) is stored as a signal and,
 * when the bridge is connected with place-order on, enqueued for execution; 202 with its id. A resend
 * (same sender `signal_id`, or same body within the minute) answers the same id and enqueues nothing.
 * A body that is not a signal is stored as rejected and answered 400 with what was wrong; a
 * disconnected bridge or one with place-order off stores it as ignored (202). 100 signals a minute
 * per bridge, then 429.
 */
export const jsonBridgeWebhookContracts = {
  jsonBridgeWebhook: defineCall({
    group: 'jsonbridge',
    method: 'POST',
    path: `${JSON_BRIDGE_WEBHOOK_PATH_PREFIX}/{first}/{second}`,
    role: 'public',
    bodyKind: 'raw',
    summary:
      "A JSON bridge's webhook: authenticates by the key in the path, stores the raw signal and enqueues it (202 with its signal_id; a resend answers the same id). 400 with the problems (the signal is kept as rejected), 401 for an unknown bridge or key, 413 over 64 KB, 429 over 100 a minute.",
    // Plain text: an id that is not a bridge id must answer 401 like a wrong key, not 400.
    params: z.strictObject({ first: z.string(), second: z.string() }),
    request: z.string(),
    response: z.object({ signal_id: z.string() }),
    // No activity entry: every arrival is in the signal log with its timeline, and a strategy firing
    // every minute would bury the user's own actions in the activity log (ADR 0008).
  }),
} as const;
