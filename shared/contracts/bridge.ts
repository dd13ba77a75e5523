import * as z from 'zod';
import {
  actionSchema,
  type ENTRY_TYPES,
  exchangeSchema,
  type EXIT_LEVEL_TYPES,
  expiryTypeSchema,
  levelDirectionSchema,
  optionBaseSchema,
  triggerScriptTypeSchema,
} from '../domain/ranges';
import { defineCall } from './define-call';
import { nameField } from './fields';
import { addPositionRequestSchema, checkPositionFields, positionFieldsSchema, positionSchema } from './ordermanager';
import { signalTargetRequestFields, signalTargetSchema } from './signal-targets';

/**
 * Route group `bridge` (spec §7 "Bridge", `/users/bridge/*`): the custom bridge (ADR 0008). A bridge
 * (`bridge_id`, a ULID in the caller's partition, so another user's id is simply not found: 404) owns
 * an order-manager order group made with it ("<bridge name> positions"), whose positions are the
 * bridge's; its triggers (`up_triggers` / `down_triggers`, each an order template with a priority) say
 * what a signal UP or DOWN places. `is_connected` turns its webhook on, `trading_enabled` whether its
 * signals place orders (the order group's `og_place_order` follows it). A new bridge is unconnected,
 * trading on, with zero P&L and counts (spec §4); the figures are derived on read from its positions
 * and today's signals.
 *
 * Its webhook is `POST /users/bridge/webhook/{key}`: `key` is 256 random bits, of which only a SHA-256
 * hash is kept; the key (and the path holding it) is answered once, by `adduserbridge` and by
 * `resetbridgekey`, which replaces it at once. `getbridgesignals` is the signal log's (contracts/signals.ts).
 */
export const BRIDGE_NOT_FOUND_MESSAGE = 'Bridge not found';
export const TRIGGER_NOT_FOUND_MESSAGE = 'Trigger not found';
export const BRIDGE_CHANGED_MESSAGE = 'The bridge or its triggers changed meanwhile. Please try again.';
export const BRIDGE_HAS_OPEN_POSITIONS_MESSAGE = 'This bridge has OPEN positions. Exit them or mark them as exited, then delete the bridge.';
export const BRIDGE_ORDER_GROUP_SUFFIX = ' positions';
/** The webhook's path under the API base, with the key in place of `{key}`. */
export const CUSTOM_BRIDGE_WEBHOOK_PATH_PREFIX = '/users/bridge/webhook';

/** Triggers per direction: enough for a ladder of strikes, small enough that deleting a bridge is one transaction. */
export const MAX_TRIGGERS_PER_DIRECTION = 10;
/** Strikes away from ATM a trigger may ask for (positive out of the money, negative in the money). */
export const MAX_STRIKE_OFFSET = 20;
/** Expiries ahead of the nearest (0) a trigger may ask for. */
export const MAX_EXPIRY_GAP = 12;
export const MAX_TRIGGER_QUANTITY = 100_000;
/** Symbols one SIGNAL trigger trades per signal, in the order named: a runaway scan must not place hundreds of orders. */
export const MAX_SIGNAL_SYMBOLS_PER_TRIGGER = 20;

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const bridgeIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid bridge id.');
export const triggerIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid trigger id.');
export const bridgeNameField = nameField('Bridge name');

/** Triggers hang off UP and DOWN (spec §3 bridge directions; NONE has none). */
export const TRIGGER_DIRECTIONS = ['UP', 'DOWN'] as const;
export const triggerDirectionSchema = z.enum(TRIGGER_DIRECTIONS, { error: 'The direction must be UP or DOWN.' });
export type TriggerDirectionName = z.infer<typeof triggerDirectionSchema>;

/** What `placebridgeorder` may fire: a direction for the triggers, or EXIT / NONE to close the bridge's positions. */
export const MANUAL_SIGNAL_DIRECTIONS = ['UP', 'DOWN', 'EXIT', 'NONE'] as const;

export const OPTION_SIDES = ['CE', 'PE'] as const;

const SCRIPT_MISSING_MESSAGE = 'Enter a script such as SBIN or NIFTY.';
/** A trading symbol (EQUITY) or an underlying (OPTION, FUTURE), as the instrument master spells it. */
const scriptField = z
  .string(SCRIPT_MISSING_MESSAGE)
  .trim()
  .toUpperCase()
  .min(1, SCRIPT_MISSING_MESSAGE)
  .max(60, 'The script must be at most 60 characters.')
  .regex(/^[A-Z][A-Z0-9&_.-]*$/, SCRIPT_MISSING_MESSAGE);

/**
 * Where a trigger's symbol comes from: its own `script` (TRIGGER), or each symbol the signal names
 * (SIGNAL: a ChartInk scan's stocks, TradingView's `{{ticker}}`), traded one plan per symbol with the
 * trigger's template. Stored triggers from before the choice read as TRIGGER.
 */
export const SCRIPT_SOURCES = ['TRIGGER', 'SIGNAL'] as const;
export const scriptSourceSchema = z.enum(SCRIPT_SOURCES, { error: `The script source must be ${SCRIPT_SOURCES.join(' or ')}.` });
export type ScriptSource = z.infer<typeof scriptSourceSchema>;
export const DEFAULT_SCRIPT_SOURCE: ScriptSource = 'TRIGGER';

/**
 * Entry and exit-level kinds measured from one absolute price. A SIGNAL trigger takes none of them: one
 * price cannot fit every symbol an alert names. (A CANDLE entry waits for `entry_price` like an LTP one;
 * a CANDLE target or stop-loss is an LTP price checked on candle closes, see position-levels.ts.)
 */
const ABSOLUTE_ENTRY_TYPES: ReadonlySet<string> = new Set<(typeof ENTRY_TYPES)[number]>(['LTP', 'CANDLE']);
const ABSOLUTE_LEVEL_TYPES: ReadonlySet<string> = new Set<(typeof EXIT_LEVEL_TYPES)[number]>(['LTP', 'CANDLE']);

// The position a trigger makes takes the order manager's fields and rules as they are; the account and
// script come from the target and the resolved instrument, the side and quantity from the trigger's own fields.
const { broker_id: _account, script_id: _script, quantity: _quantity, transaction_type: _side, ...positionOrderFields } = positionFieldsSchema.shape;
const {
  og_id: _group,
  broker_id: _addAccount,
  script_id: _addScript,
  quantity: _addQuantity,
  transaction_type: _addSide,
  product: _product,
  // Triggers do not roll over: a signal's next direction decides what is held next.
  is_rollover: _rollover,
  rollover_gap: _rolloverGap,
  rollover_time: _rolloverTime,
  ...positionOrderDefaults
} = addPositionRequestSchema.shape;

/** A trigger's template (DESIGN.md §5, ADR 0008), without defaults: what `updatebridgetrigger` may change. */
export const triggerFields = {
  ...signalTargetRequestFields,
  script_type: triggerScriptTypeSchema,
  /** OPTION: what the option is written on (the price ATM is measured against). */
  option_base: optionBaseSchema.nullable(),
  script_source: scriptSourceSchema,
  /** TRIGGER: the symbol (EQUITY) or underlying (F&O) it trades; SIGNAL: null, the signal names them. */
  script: scriptField.nullable(),
  /** EQUITY: the exchange of the symbol; null lets the instrument master choose (NSE first). */
  exchange: exchangeSchema.nullable(),
  /** OPTION: strikes away from ATM, positive out of the money, negative in the money. */
  strike_offset: z
    .number('The strike offset must be a whole number.')
    .int('The strike offset must be a whole number.')
    .min(-MAX_STRIKE_OFFSET, `The strike offset must be between -${MAX_STRIKE_OFFSET} and ${MAX_STRIKE_OFFSET}.`)
    .max(MAX_STRIKE_OFFSET, `The strike offset must be between -${MAX_STRIKE_OFFSET} and ${MAX_STRIKE_OFFSET}.`),
  /** OPTION: a fixed side, or null for CE on UP and PE on DOWN. */
  option_side: z.enum(OPTION_SIDES, { error: 'The option side must be CE or PE.' }).nullable(),
  expiry_type: expiryTypeSchema.nullable(),
  /** OPTION, FUTURE: 0 for the nearest expiry of the type, 1 for the next, … */
  expiry_gap: z
    .number('The expiry gap must be a whole number.')
    .int('The expiry gap must be a whole number.')
    .min(0, 'The expiry gap must be 0 or more.')
    .max(MAX_EXPIRY_GAP, `The expiry gap must be at most ${MAX_EXPIRY_GAP}.`),
  /** BUY or SELL; null for the direction's own: options are bought, equities and futures bought on UP and sold on DOWN. */
  transaction_type: actionSchema.nullable(),
  /** Lots for F&O, shares for equities (spec §5 quantity label). */
  quantity: z
    .number('Quantity must be a number.')
    .int('Quantity must be a whole number.')
    .positive('Quantity must be above 0.')
    .max(MAX_TRIGGER_QUANTITY, 'Quantity is too large.'),
  ...positionOrderFields,
  /** Which way the target / stop-loss level is crossed (spec §3 SL/target direction); null for the position's side's own. */
  tgt_direction: levelDirectionSchema.nullable(),
  sl_direction: levelDirectionSchema.nullable(),
  /** Exit the other direction's OPEN positions before this direction's triggers place anything. */
  exit_opposite: z.boolean('exit_opposite must be true or false.'),
};
export const triggerFieldsObject = z.object(triggerFields);
export type TriggerFields = z.infer<typeof triggerFieldsObject>;

type TriggerShape = Partial<TriggerFields>;
const issueAt = (ctx: z.core.$RefinementCtx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

/** Which fields each script type takes: the rest must be left empty, so a template never says something it does not do. */
const SCRIPT_TYPE_RULES: Readonly<Record<TriggerFields['script_type'], (body: TriggerShape, ctx: z.core.$RefinementCtx) => void>> = {
  EQUITY: (body, ctx) => {
    if (body.option_base) issueAt(ctx, 'option_base', 'Only an OPTION trigger takes an option base.');
    if (body.option_side) issueAt(ctx, 'option_side', 'Only an OPTION trigger takes an option side.');
    if (body.strike_offset) issueAt(ctx, 'strike_offset', 'Only an OPTION trigger takes a strike offset.');
    if (body.expiry_type) issueAt(ctx, 'expiry_type', 'An EQUITY trigger has no expiry.');
    if (body.expiry_gap) issueAt(ctx, 'expiry_gap', 'An EQUITY trigger has no expiry.');
  },
  FUTURE: (body, ctx) => {
    if (body.option_base) issueAt(ctx, 'option_base', 'Only an OPTION trigger takes an option base.');
    if (body.option_side) issueAt(ctx, 'option_side', 'Only an OPTION trigger takes an option side.');
    if (body.strike_offset) issueAt(ctx, 'strike_offset', 'Only an OPTION trigger takes a strike offset.');
    if (body.exchange) issueAt(ctx, 'exchange', 'Only an EQUITY trigger names its exchange; the future is found by its underlying.');
    if (!body.expiry_type) issueAt(ctx, 'expiry_type', 'A FUTURE trigger needs an expiry type.');
    else if (body.expiry_type !== 'monthly') issueAt(ctx, 'expiry_type', 'Futures expire monthly: choose monthly.');
  },
  OPTION: (body, ctx) => {
    if (!body.option_base) issueAt(ctx, 'option_base', 'An OPTION trigger needs an option base (INDEX, STOCK or FUTURE).');
    if (body.exchange) issueAt(ctx, 'exchange', 'Only an EQUITY trigger names its exchange; the option is found by its underlying.');
    if (!body.expiry_type) issueAt(ctx, 'expiry_type', 'An OPTION trigger needs an expiry type.');
  },
};

const SIGNAL_SYMBOLS = "A trigger that trades the alert's symbols";

/** What each script source needs: its own script, or none and only what fits every symbol the alert names. */
const SCRIPT_SOURCE_RULES: Readonly<Record<ScriptSource, (body: TriggerShape, ctx: z.core.$RefinementCtx) => void>> = {
  TRIGGER: (body, ctx) => {
    if (!body.script) issueAt(ctx, 'script', SCRIPT_MISSING_MESSAGE);
  },
  SIGNAL: (body, ctx) => {
    if (body.script) issueAt(ctx, 'script', `${SIGNAL_SYMBOLS} has no script of its own: leave the script empty.`);
    if (body.order_type && body.order_type !== 'MARKET') issueAt(ctx, 'order_type', `${SIGNAL_SYMBOLS} places MARKET orders: one price cannot fit every symbol.`);
    if (body.entry_type && ABSOLUTE_ENTRY_TYPES.has(body.entry_type)) {
      issueAt(ctx, 'entry_type', `${SIGNAL_SYMBOLS} enters DIRECT: LTP and CANDLE entries wait for one price, which cannot fit every symbol.`);
    }
    if (body.is_tgt && body.tgt_type && ABSOLUTE_LEVEL_TYPES.has(body.tgt_type)) {
      issueAt(ctx, 'tgt_type', `${SIGNAL_SYMBOLS} sets its target in POINT or PERCENTAGE: an LTP or CANDLE level is one price, which cannot fit every symbol.`);
    }
    if (body.is_sl && body.sl_type && ABSOLUTE_LEVEL_TYPES.has(body.sl_type)) {
      issueAt(ctx, 'sl_type', `${SIGNAL_SYMBOLS} sets its stop-loss in POINT or PERCENTAGE: an LTP or CANDLE level is one price, which cannot fit every symbol.`);
    }
  },
};

/** Cross-field rules of a whole template: its script source's and script type's, then the order manager's position rules. */
export function checkTriggerFields(body: TriggerShape, ctx: z.core.$RefinementCtx): void {
  // A body without a source is a stored trigger from before the choice: it has its own script.
  SCRIPT_SOURCE_RULES[body.script_source ?? DEFAULT_SCRIPT_SOURCE](body, ctx);
  if (body.script_type) SCRIPT_TYPE_RULES[body.script_type](body, ctx);
  if (body.tgt_direction && !body.is_tgt) issueAt(ctx, 'tgt_direction', 'A target direction needs a target.');
  if (body.sl_direction && !body.is_sl) issueAt(ctx, 'sl_direction', 'A stop-loss direction needs a stop-loss.');
  // The side may be left to the signal's direction (null); the position rules do not depend on it.
  checkPositionFields({ ...body, transaction_type: body.transaction_type ?? undefined }, ctx);
}

/** A whole template, checked as one (after `updatebridgetrigger` merged its changes into the stored one). */
export const triggerTemplateSchema = triggerFieldsObject.superRefine(checkTriggerFields);

const byBridge = { bridge_id: bridgeIdField };
const byBridgeRequest = z.strictObject(byBridge);
const byTrigger = { ...byBridge, trigger_id: triggerIdField };

export const addBridgeTriggerRequestSchema = z
  .strictObject({
    ...byBridge,
    direction: triggerDirectionSchema,
    ...triggerFields,
    option_base: triggerFields.option_base.default(null),
    script_source: triggerFields.script_source.default(DEFAULT_SCRIPT_SOURCE),
    // A SIGNAL trigger may leave it out; a TRIGGER one without it is refused by the rules, at `script`.
    script: triggerFields.script.default(null),
    exchange: triggerFields.exchange.default(null),
    strike_offset: triggerFields.strike_offset.default(0),
    option_side: triggerFields.option_side.default(null),
    expiry_type: triggerFields.expiry_type.default(null),
    expiry_gap: triggerFields.expiry_gap.default(0),
    transaction_type: triggerFields.transaction_type.default(null),
    ...positionOrderDefaults,
    tgt_direction: triggerFields.tgt_direction.default(null),
    sl_direction: triggerFields.sl_direction.default(null),
    exit_opposite: triggerFields.exit_opposite.default(false),
  })
  .superRefine(checkTriggerFields);
export type AddBridgeTriggerRequest = z.infer<typeof addBridgeTriggerRequestSchema>;

/** Only the named fields change; the merged template is checked again with the same rules. The direction stays (delete and add to move a trigger). */
export const updateBridgeTriggerRequestSchema = z
  .strictObject({ ...byTrigger, ...triggerFieldsObject.partial().shape })
  .refine((body) => Object.keys(body).length > 2, { message: 'Name at least one field to change.', path: ['trigger_id'] });
export type UpdateBridgeTriggerRequest = z.infer<typeof updateBridgeTriggerRequestSchema>;

export const triggerSchema = z.object({
  trigger_id: z.string(),
  bridge_id: z.string(),
  direction: triggerDirectionSchema,
  /** 1, 2, … within the direction: the order the triggers run in. */
  priority: z.number().int().positive(),
  ...triggerFields,
  ...signalTargetSchema.shape,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const bridgeSchema = z.object({
  bridge_id: z.string(),
  bridge_name: z.string(),
  /** The bridge's own order group: its positions are the bridge's. */
  og_id: z.string(),
  /** Whether the webhook takes signals (`userbridgeconnection` / `userbridgedisconnect`). */
  is_connected: z.boolean(),
  /** Whether signals place orders (`updatebridgetradingflag`); the order group's place-order flag follows it. */
  trading_enabled: z.boolean(),
  /** Spec §3 figures, derived on read: P&L of all the bridge's positions and of today's (IST), today's signals, OPEN positions. */
  overall_pnl: z.number(),
  today_pnl: z.number(),
  today_signal_count: z.number().int().min(0),
  open_positions_count: z.number().int().min(0),
  up_trigger_count: z.number().int().min(0),
  down_trigger_count: z.number().int().min(0),
  /** When the current webhook key was made: the UI can say how old the URL it holds must be. */
  key_created_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bridge = z.infer<typeof bridgeSchema>;

/** The only answers that carry the webhook key: shown once, never stored in plain text. */
export const bridgeWithKeySchema = bridgeSchema.extend({
  webhook_key: z.string(),
  /** `/api/v4/users/bridge/webhook/<webhook_key>`: the SPA prefixes its origin. */
  webhook_path: z.string(),
});
export type BridgeWithKey = z.infer<typeof bridgeWithKeySchema>;

/** Spec §3: triggers grouped by direction, in priority order; `bridge_data` holds the bridge. */
export const bridgeTriggersSchema = z.object({
  bridge_data: bridgeSchema,
  up_triggers: z.array(triggerSchema),
  down_triggers: z.array(triggerSchema),
});
export type BridgeTriggers = z.infer<typeof bridgeTriggersSchema>;

const idempotencyKeyField = z
  .string('Send an idempotency key.')
  .trim()
  .min(8, 'The idempotency key must be 8 to 64 characters.')
  .max(64, 'The idempotency key must be 8 to 64 characters.')
  .regex(/^[\w-]+$/, 'The idempotency key takes letters, digits, _ and - only.');

export const bridgeContracts = {
  getUserBridge: defineCall({
    group: 'bridge',
    method: 'GET',
    path: '/users/bridge/getuserbridge',
    role: 'user',
    summary: "The caller's custom bridges, oldest first, with their figures (no webhook keys).",
    response: z.array(bridgeSchema),
  }),
  getUserBridgeById: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/getuserbridgebyid',
    role: 'user',
    summary: "One of the caller's bridges with its figures (no webhook key).",
    request: byBridgeRequest,
    response: bridgeSchema,
  }),
  addUserBridge: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/adduserbridge',
    role: 'user',
    summary:
      'Creates a custom bridge (unconnected, trading on, zero figures) with its order group "<name> positions", and answers its webhook key and path: the only time until the key is reset.',
    request: z.strictObject({ bridge_name: bridgeNameField }),
    response: bridgeWithKeySchema,
    activity: 'Added a bridge',
  }),
  updateBridgeTradingFlag: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/updatebridgetradingflag',
    role: 'user',
    summary: "Turns the bridge's trading flag on or off; its order group's place-order flag follows. Off, signals are stored as ignored.",
    request: z.strictObject({ ...byBridge, trading_enabled: z.boolean('trading_enabled must be true or false.') }),
    response: bridgeSchema,
    activity: 'Updated a bridge trading flag',
  }),
  userBridgeConnection: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/userbridgeconnection',
    role: 'user',
    summary: "Connects the bridge: its webhook's signals are executed from now on.",
    request: byBridgeRequest,
    response: bridgeSchema,
    activity: 'Connected a bridge',
  }),
  userBridgeDisconnect: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/userbridgedisconnect',
    role: 'user',
    summary: "Disconnects the bridge: its webhook's signals are stored as ignored.",
    request: byBridgeRequest,
    response: bridgeSchema,
    activity: 'Disconnected a bridge',
  }),
  removeUserBridge: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/removeuserbridge',
    role: 'user',
    summary: 'Deletes the bridge, its triggers, its webhook key and its order group with its positions. Refused with 422 while any position is OPEN or has an order being placed.',
    request: byBridgeRequest,
    response: z.object({ bridge_id: z.string() }),
    activity: 'Removed a bridge',
  }),
  resetBridgeKey: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/resetbridgekey',
    role: 'user',
    summary: 'Makes a new webhook key and answers it with its path once; the old URL stops working at once.',
    request: byBridgeRequest,
    response: bridgeWithKeySchema,
    activity: 'Reset a bridge key',
  }),
  updateBridgeName: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/updatebridgename',
    role: 'user',
    summary: 'Renames the bridge (its order group keeps its name).',
    request: z.strictObject({ ...byBridge, bridge_name: bridgeNameField }),
    response: bridgeSchema,
    activity: 'Renamed a bridge',
  }),
  getBridgeTriggers: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/getbridgetriggers',
    role: 'user',
    summary: "The bridge (`bridge_data`) and its `up_triggers` and `down_triggers`, each in priority order.",
    request: byBridgeRequest,
    response: bridgeTriggersSchema,
  }),
  addBridgeTrigger: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/addbridgetrigger',
    role: 'user',
    summary: `Adds a trigger last in its direction (at most ${MAX_TRIGGERS_PER_DIRECTION} per direction), on one of the caller's accounts or groups (404 for another user's).`,
    request: addBridgeTriggerRequestSchema,
    response: triggerSchema,
    activity: 'Added a bridge trigger',
  }),
  updateBridgeTrigger: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/updatebridgetrigger',
    role: 'user',
    summary: 'Changes the named fields of a trigger; the merged template is checked whole. Its direction and priority stay.',
    request: updateBridgeTriggerRequestSchema,
    response: triggerSchema,
    activity: 'Updated a bridge trigger',
  }),
  removeBridgeTrigger: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/removebridgetrigger',
    role: 'user',
    summary: "Deletes a trigger; the rest of its direction is renumbered from 1 (spec §4). Answers the bridge's triggers.",
    request: z.strictObject(byTrigger),
    response: bridgeTriggersSchema,
    activity: 'Removed a bridge trigger',
  }),
  updateTriggersPriorities: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/updatetriggerspriorities',
    role: 'user',
    summary: "Reorders one direction's triggers: `trigger_ids` names each of them once, first = priority 1. Answers the bridge's triggers.",
    request: z.strictObject({
      ...byBridge,
      direction: triggerDirectionSchema,
      trigger_ids: z.array(triggerIdField).min(1, 'Name the triggers in their new order.').max(MAX_TRIGGERS_PER_DIRECTION, `A direction holds at most ${MAX_TRIGGERS_PER_DIRECTION} triggers.`),
    }),
    response: bridgeTriggersSchema,
    activity: 'Reordered bridge triggers',
  }),
  placeBridgeOrder: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/placebridgeorder',
    role: 'user',
    summary:
      'Fires a direction by hand (UP or DOWN runs its triggers, EXIT or NONE closes the positions): stored as a manual signal and executed by the signal worker like a webhook signal. A retry with the same idempotency key answers the same signal.',
    request: z.strictObject({
      ...byBridge,
      direction: z.enum(MANUAL_SIGNAL_DIRECTIONS, { error: `The direction must be ${MANUAL_SIGNAL_DIRECTIONS.join(', ')}.` }),
      idempotency_key: idempotencyKeyField,
    }),
    response: z.object({ signal_id: z.string() }),
    activity: 'Placed a bridge order',
  }),
  getBridgePositions: defineCall({
    group: 'bridge',
    method: 'POST',
    path: '/users/bridge/getbridgepositions',
    role: 'user',
    summary: "The positions of the bridge's order group, oldest first (act on them with the order manager's calls and the bridge's og_id).",
    request: byBridgeRequest,
    response: z.array(positionSchema),
  }),
} as const;

/**
 * The custom bridge webhook (issue 6): public, the key in the path authenticates (an unknown or replaced
 * key answers 401 and stores nothing). The raw body (TradingView text or JSON, ChartInk scan, action JSON:
 * a direction; at most 64 KB, else 413) is stored as a signal and, when the bridge is connected with
 * trading on, enqueued for execution; 202 with its id. A resend answers the same id and enqueues nothing.
 * A body that is not a direction signal is stored as rejected and answered 400 with what was wrong. 100
 * signals a minute per bridge, then 429.
 */
export const bridgeWebhookContracts = {
  bridgeWebhook: defineCall({
    group: 'bridge',
    method: 'POST',
    path: `${CUSTOM_BRIDGE_WEBHOOK_PATH_PREFIX}/{key}`,
    role: 'public',
    bodyKind: 'raw',
    summary:
      "A custom bridge's webhook: authenticates by the key in the path, stores the raw signal and enqueues it (202 with its signal_id; a resend answers the same id). 400 with the problems (the signal is kept as rejected), 401 for an unknown key, 413 over 64 KB, 429 over 100 a minute.",
    params: z.strictObject({ key: z.string() }),
    request: z.string(),
    response: z.object({ signal_id: z.string() }),
    // No activity entry: the signal log records every arrival (ADR 0008).
  }),
} as const;
