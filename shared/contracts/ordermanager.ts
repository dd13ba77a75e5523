import * as z from 'zod';
import { CANDLE_TIMEFRAMES_MINUTES } from '../domain/constants';
import { actionSchema, entryTypeSchema, exchangeSchema, exitLevelTypeSchema, levelDirectionSchema, orderTypeSchema, productSchema, trailTypeSchema } from '../domain/ranges';
import { LOT_EXCHANGES } from '../domain/instruments';
import { POSITION_STATUSES, positionLegKindSchema } from '../domain/states';
import { defineCall } from './define-call';
import { nameField } from './fields';
import { orderAccountIdField } from './orders';
import { scriptIdField } from './scripts';

/**
 * Route group `ordermanager` (spec §7 "Order manager", `/ordermanager/*`). An order group (`og_id`)
 * holds positions (`op_id`, `position_data`); the group's `og_place_order` flag says whether its
 * positions place orders, its target / stop-loss are money amounts over all its positions, and its
 * trading window is the START_TIME / END_TIME legs (spec §4). A position enters on one of the caller's
 * broker accounts and moves WAITING → OPEN → EXITED, or WAITING → CANCELLED; GROUP_TGT / GROUP_SL
 * mark a position the group's own target or stop-loss closed (the position monitor, a later issue).
 * Requests name a group by `og_id` and a position by `og_id` + `op_id`; both are ULIDs in the
 * caller's own partition, so another user's id is simply not found (404).
 */
export const MAX_POSITIONS_PER_ORDER_GROUP = 50;
export const ORDER_GROUP_NOT_FOUND_MESSAGE = 'Order group not found';
export const POSITION_NOT_FOUND_MESSAGE = 'Position not found';
export const ORDER_GROUP_FULL_MESSAGE = `An order group holds at most ${MAX_POSITIONS_PER_ORDER_GROUP} positions added by hand.`;
export const ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE = 'This order group has OPEN positions. Exit them or mark them as exited, then delete the group.';
export const ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE = 'Placing orders is turned off for this order group. Turn it on to enter positions.';
export const POSITION_BUSY_MESSAGE = 'An order for this position is still being placed. Try again in a moment.';
export const ORDER_GROUP_OWNED_BY_BRIDGE_MESSAGE = "This order group holds a custom bridge's positions. Delete the bridge to delete it.";
export const ORDER_MANAGER_CHANGED_MESSAGE = 'The order group changed meanwhile. Please try again.';

/**
 * Position states: spec §4's WAITING, OPEN, GROUP_TGT, GROUP_SL (`shared/domain/states.ts`) plus
 * the ends DESIGN.md §5 names (exited, cancelled), spelled like the others.
 */
export const POSITION_END_STATUSES = ['EXITED', 'CANCELLED'] as const;
export const OP_STATUSES = [...POSITION_STATUSES, ...POSITION_END_STATUSES] as const;
export const opStatusSchema = z.enum(OP_STATUSES);
export type OpStatus = z.infer<typeof opStatusSchema>;

/** What a caller can do to one position (the calls of spec §7, `markasexited` records an exit without an order). */
export const POSITION_ACTIONS = ['enter', 'exit', 'cancel', 'markasexited', 'edit', 'delete'] as const;
export const positionActionSchema = z.enum(POSITION_ACTIONS);
export type PositionAction = z.infer<typeof positionActionSchema>;

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const orderGroupIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid order group id.');
export const positionIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid position id.');
export const orderGroupNameField = nameField('Order group name');

/** Spec §9's time format, Asia/Kolkata: the trading window's START_TIME and END_TIME legs. */
const windowTimeField = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Enter a time as HH:mm:ss (Asia/Kolkata).');
/** Money over all the group's positions, in rupees; null turns the level off. */
const moneyField = (label: string) => z.number(`${label} must be a number.`).positive(`${label} must be above 0.`).max(100_000_000, `${label} is too large.`);
const levelField = (label: string) => z.number(`${label} must be a number.`).positive(`${label} must be above 0.`).max(100_000_000, `${label} is too large.`);
const quantityField = z.number('Quantity must be a number.').int('Quantity must be a whole number.').positive('Quantity must be above 0.').max(10_000_000, 'Quantity is too large.');
const candleTimeframeField = z
  .number()
  .refine((minutes) => (CANDLE_TIMEFRAMES_MINUTES as readonly number[]).includes(minutes), `The candle timeframe must be one of ${CANDLE_TIMEFRAMES_MINUTES.join(', ')} minutes.`);

const orderGroupSettingsFields = {
  og_name: orderGroupNameField,
  /** Whether the group's positions place orders (spec §3); turned off when the group's target or stop-loss is hit. */
  og_place_order: z.boolean(),
  group_tgt: moneyField('Group target').nullable(),
  group_sl: moneyField('Group stop-loss').nullable(),
  start_time: windowTimeField.nullable(),
  end_time: windowTimeField.nullable(),
};

const windowIsOrdered = (body: { start_time?: string | null; end_time?: string | null }) =>
  !body.start_time || !body.end_time || body.start_time < body.end_time;
const WINDOW_MESSAGE = { message: 'The start time must be before the end time.', path: ['end_time'] };

export const addOrderGroupRequestSchema = z
  .strictObject({
    og_name: orderGroupSettingsFields.og_name,
    /** On by default, like a new JSON bridge's place-order flag (spec §4). */
    og_place_order: orderGroupSettingsFields.og_place_order.default(true),
    group_tgt: orderGroupSettingsFields.group_tgt.default(null),
    group_sl: orderGroupSettingsFields.group_sl.default(null),
    start_time: orderGroupSettingsFields.start_time.default(null),
    end_time: orderGroupSettingsFields.end_time.default(null),
  })
  .refine(windowIsOrdered, WINDOW_MESSAGE);
export type AddOrderGroupRequest = z.infer<typeof addOrderGroupRequestSchema>;

export const editOrderGroupRequestSchema = z
  .strictObject({ og_id: orderGroupIdField, ...z.object(orderGroupSettingsFields).partial().shape })
  .refine((body) => Object.keys(body).length > 1, { message: 'Name at least one setting to change.', path: ['og_id'] });
export type EditOrderGroupRequest = z.infer<typeof editOrderGroupRequestSchema>;
export type OrderGroupSettings = Omit<EditOrderGroupRequest, 'og_id'>;

/** A rollover waits at most this many trading days before its contract's expiry. */
export const MAX_ROLLOVER_GAP = 10;

/**
 * Rollover of an F&O position (spec §3 JSON bridge `is_rollover`, `rollover_gap`, `rollover_time`): on the
 * trading day `rollover_gap` trading days before its contract's expiry (0 = the expiry day), at or after
 * `rollover_time` IST, the position monitor exits it and opens the same position on the next expiry.
 * Optional in the requests (a position without them does not roll), and answered only when set.
 */
const rolloverFields = {
  is_rollover: z.boolean('Rollover must be true or false.'),
  rollover_gap: z
    .number('The rollover gap must be a whole number of trading days.')
    .int('The rollover gap must be a whole number of trading days.')
    .min(0, 'The rollover gap must be 0 (the expiry day) or more.')
    .max(MAX_ROLLOVER_GAP, `The rollover gap must be at most ${MAX_ROLLOVER_GAP} trading days.`)
    .nullable(),
  rollover_time: windowTimeField.nullable(),
};

/**
 * A position's order and exit levels (the JSON bridge order fields of spec §3 that a saved position
 * needs). Entry DIRECT enters when asked; LTP and CANDLE wait for the price to cross `entry_price` in
 * `entry_direction` (CANDLE on a closed candle of `candle_timeframe` minutes). Target, stop-loss and
 * trailing are stored as given; their arithmetic is `shared/domain/exit-levels.ts`'s.
 */
const positionFields = {
  broker_id: orderAccountIdField,
  script_id: scriptIdField,
  transaction_type: actionSchema,
  product: productSchema,
  /** Units; for F&O a multiple of the lot size. */
  quantity: quantityField,
  order_type: orderTypeSchema,
  price: levelField('Price').nullable(),
  trigger_price: levelField('Trigger price').nullable(),
  entry_type: entryTypeSchema,
  entry_direction: levelDirectionSchema.nullable(),
  entry_price: levelField('Entry price').nullable(),
  candle_timeframe: candleTimeframeField.nullable(),
  is_tgt: z.boolean(),
  tgt_type: exitLevelTypeSchema.nullable(),
  tgt_value: levelField('Target value').nullable(),
  is_sl: z.boolean(),
  sl_type: exitLevelTypeSchema.nullable(),
  sl_value: levelField('Stop-loss value').nullable(),
  is_trail_set: z.boolean(),
  /** Trailing (spec §3): after the price moves `trail_trigger` in favour, the stop moves `trail_point` for each `trail_gap`, in points or percent. */
  trail_type: trailTypeSchema.nullable(),
  trail_trigger: z.number('Trail trigger must be a number.').min(0, 'Trail trigger must be 0 or more.').max(100_000_000, 'Trail trigger is too large.').nullable(),
  trail_gap: levelField('Trail gap').nullable(),
  trail_point: levelField('Trail point').nullable(),
};

/** The fields of a position that only make sense before it enters (what and how to buy or sell). */
export const ENTRY_FIELDS = ['broker_id', 'script_id', 'transaction_type', 'product', 'quantity', 'order_type', 'price', 'trigger_price', 'entry_type', 'entry_direction', 'entry_price', 'candle_timeframe'] as const;
export type PositionFields = z.infer<z.ZodObject<typeof positionFields>>;

/**
 * The rollover fields as requests and answers carry them: optional (a position without them does not
 * roll). Kept apart from `positionFields`, which custom bridge triggers reuse: a trigger does not roll.
 */
export const positionRolloverFields = z.object(rolloverFields).partial().shape;
export type PositionRolloverSettings = z.infer<z.ZodObject<typeof positionRolloverFields>>;

export type PositionShape = Partial<PositionFields> & PositionRolloverSettings;
const issueAt = (ctx: z.core.$RefinementCtx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

/** Cross-field rules: every switched-on level names its type and value; LTP and CANDLE entries name their level. */
export function checkPositionFields(body: PositionShape, ctx: z.core.$RefinementCtx): void {
  if (body.entry_type && body.entry_type !== 'DIRECT') {
    if (!body.entry_price) issueAt(ctx, 'entry_price', `A ${body.entry_type} entry needs an entry price.`);
    if (!body.entry_direction) issueAt(ctx, 'entry_direction', `A ${body.entry_type} entry needs a direction (ABOVE or BELOW).`);
  }
  if (body.entry_type === 'CANDLE' && !body.candle_timeframe) issueAt(ctx, 'candle_timeframe', 'A CANDLE entry needs a candle timeframe.');
  if (body.is_tgt && (!body.tgt_type || !body.tgt_value)) issueAt(ctx, 'tgt_value', 'A target needs a type and a value.');
  if (body.is_sl && (!body.sl_type || !body.sl_value)) issueAt(ctx, 'sl_value', 'A stop-loss needs a type and a value.');
  if (body.is_trail_set && (body.trail_trigger === null || body.trail_trigger === undefined || !body.trail_gap)) issueAt(ctx, 'trail_gap', 'A trailing stop-loss needs a trigger and a gap.');
  if (body.is_trail_set && !body.trail_point) issueAt(ctx, 'trail_point', 'A trailing stop-loss needs the step the stop moves by.');
  if (body.is_trail_set && body.trail_point && body.trail_gap && body.trail_point > body.trail_gap) issueAt(ctx, 'trail_point', 'The trail point must be at most the trail gap, or the stop would overtake the price.');
  if (body.is_trail_set && body.is_sl === false) issueAt(ctx, 'is_trail_set', 'A trailing stop-loss needs a stop-loss.');
  checkRolloverFields(body, ctx);
}

/** The exchange of a script id (`NFO:NIFTY…` → NFO). */
const exchangeOfScript = (scriptId: string) => scriptId.slice(0, scriptId.indexOf(':'));

/**
 * A rollover names its day and time, and only contracts that expire roll: the F&O exchanges list nothing
 * else. Whether the time falls in the contract's own session is checked with the instrument
 * (functions/ordermanager/rollover/rollover-rules.ts).
 */
function checkRolloverFields(body: PositionShape, ctx: z.core.$RefinementCtx): void {
  if (!body.is_rollover) return;
  if (body.rollover_gap === null || body.rollover_gap === undefined) issueAt(ctx, 'rollover_gap', 'A rollover needs the trading days before expiry to roll on (0 = the expiry day).');
  if (!body.rollover_time) issueAt(ctx, 'rollover_time', 'A rollover needs the time to roll at (HH:mm:ss, Asia/Kolkata).');
  if (body.script_id && !LOT_EXCHANGES.some((exchange) => exchange === exchangeOfScript(body.script_id ?? ''))) {
    issueAt(ctx, 'is_rollover', `Only futures and options roll over (scripts on ${LOT_EXCHANGES.join(', ')}).`);
  }
}

export const addPositionRequestSchema = z
  .strictObject({
    og_id: orderGroupIdField,
    ...positionFields,
    order_type: positionFields.order_type.default('MARKET'),
    price: positionFields.price.default(null),
    trigger_price: positionFields.trigger_price.default(null),
    entry_type: positionFields.entry_type.default('DIRECT'),
    entry_direction: positionFields.entry_direction.default(null),
    entry_price: positionFields.entry_price.default(null),
    candle_timeframe: positionFields.candle_timeframe.default(null),
    is_tgt: positionFields.is_tgt.default(false),
    tgt_type: positionFields.tgt_type.default(null),
    tgt_value: positionFields.tgt_value.default(null),
    is_sl: positionFields.is_sl.default(false),
    sl_type: positionFields.sl_type.default(null),
    sl_value: positionFields.sl_value.default(null),
    is_trail_set: positionFields.is_trail_set.default(false),
    trail_type: positionFields.trail_type.default(null),
    trail_trigger: positionFields.trail_trigger.default(null),
    trail_gap: positionFields.trail_gap.default(null),
    trail_point: positionFields.trail_point.default(null),
    ...positionRolloverFields,
  })
  .superRefine(checkPositionFields);
export type AddPositionRequest = z.infer<typeof addPositionRequestSchema>;

const byPosition = { og_id: orderGroupIdField, op_id: positionIdField };

/** Only the named fields change; the merged position is checked again by the use-case with the same rules. */
export const editPositionRequestSchema = z
  .strictObject({ ...byPosition, ...z.object(positionFields).partial().shape, ...positionRolloverFields })
  .refine((body) => Object.keys(body).length > 2, { message: 'Name at least one field to change.', path: ['op_id'] })
  // Turning rollover on names its day and time in the same request.
  .superRefine(checkRolloverFields);
export type EditPositionRequest = z.infer<typeof editPositionRequestSchema>;

/** The whole position checked as one (after an edit merged its changes). */
export const positionFieldsSchema = z.object(positionFields).superRefine(checkPositionFields);

/** One order placed for a position: the entry or an exit, with the leg that asked for it (spec §4). */
export const positionLegSchema = z.object({
  leg: positionLegKindSchema,
  purpose: z.enum(['entry', 'exit']),
  order_id: z.string(),
  at: z.string(),
});
export type PositionLeg = z.infer<typeof positionLegSchema>;

/** One decision about a position: what was asked or happened, when, and the outcome in words. */
export const positionEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  op_status: opStatusSchema,
  note: z.string(),
});
export type PositionEvent = z.infer<typeof positionEventSchema>;

export const positionSchema = z.object({
  op_id: z.string(),
  og_id: z.string(),
  op_status: opStatusSchema,
  ...positionFields,
  ...positionRolloverFields,
  broker_id: z.string(),
  script_id: z.string(),
  exchange: exchangeSchema,
  trading_symbol: z.string(),
  lot_size: z.number().int(),
  candle_timeframe: z.number().nullable(),
  /** The entry order's average fill price once OPEN (null before), and the exit's once closed by an order. */
  entry_avg_price: z.number().nullable(),
  exit_avg_price: z.number().nullable(),
  /** The levels the position monitor watches now: target and (trailed) stop-loss prices; null when off or not OPEN. */
  target_price: z.number().nullable(),
  stop_price: z.number().nullable(),
  /** Last traded price when answered, and the P&L at it (OPEN) or realised (closed by an order); null when unknown. */
  ltp: z.number().nullable(),
  pnl: z.number().nullable(),
  /** The orders placed for the position, oldest first. */
  legs: z.array(positionLegSchema),
  /** Which leg closed it (TRADING for an exit asked by the user or marked), null while not closed by an exit. */
  exit_leg: positionLegKindSchema.nullable(),
  timeline: z.array(positionEventSchema),
  allowed_actions: z.array(positionActionSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

export const orderGroupSchema = z.object({
  og_id: z.string(),
  /** The custom bridge whose positions this group holds (it is deleted with the bridge); null for a group made by hand. */
  bridge_id: z.string().nullable(),
  ...orderGroupSettingsFields,
  position_data: z.array(positionSchema),
  /** The group's P&L now: the sum of its positions' `pnl` (open at LTP, closed realised). */
  total_pnl: z.number(),
  /** Derived from the positions (spec §4). */
  open_position_count: z.number().int().min(0),
  waiting_position_count: z.number().int().min(0),
  /** Spec §4: exit-all while any position is OPEN, cancel-all and execute-all while any is WAITING. */
  can_exit_all: z.boolean(),
  can_cancel_all: z.boolean(),
  can_execute_all: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderGroup = z.infer<typeof orderGroupSchema>;

/**
 * What one position did under an action: `done`; `refused` (its state or settings forbid it) or
 * `failed` (the order was refused or could not be sent) with the reason, the position as it was; or
 * `unknown`: the broker's answer was ambiguous, the order is being reconciled by its tag and the
 * position takes no other action until it is.
 */
export const POSITION_OUTCOMES = ['done', 'refused', 'failed', 'unknown'] as const;
export const positionOutcomeSchema = z.object({
  op_id: z.string(),
  outcome: z.enum(POSITION_OUTCOMES),
  reason: z.string().nullable(),
  /** The order placed (enter/exit), null when none. */
  order_id: z.string().nullable(),
  position: positionSchema,
});
export type PositionOutcome = z.infer<typeof positionOutcomeSchema>;

export const positionActionResultSchema = positionOutcomeSchema;
export const allPositionsResultSchema = z.object({ og_id: z.string(), positions: z.array(positionOutcomeSchema) });

const byGroup = z.strictObject({ og_id: orderGroupIdField });
const byPositionRequest = z.strictObject(byPosition);

export const ordermanagerContracts = {
  getOrderGroups: defineCall({
    group: 'ordermanager',
    method: 'GET',
    path: '/ordermanager/getordergroups',
    role: 'user',
    summary: "The caller's order groups, oldest first, each with its positions (`position_data`), the derived counts and the all-actions it offers.",
    response: z.array(orderGroupSchema),
  }),
  addOrderGroup: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/addordergroup',
    role: 'user',
    summary: 'Creates an order group with no positions; place-order on unless asked, no group target, stop-loss or trading window unless given.',
    request: addOrderGroupRequestSchema,
    response: orderGroupSchema,
    activity: 'Added an order group',
  }),
  editOrderGroup: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/editordergroup',
    role: 'user',
    summary: 'Changes the named settings of an order group (name, place-order flag, group target and stop-loss, trading window).',
    request: editOrderGroupRequestSchema,
    response: orderGroupSchema,
    activity: 'Edited an order group',
  }),
  deleteOrderGroup: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/deleteordergroup',
    role: 'user',
    summary: 'Deletes an order group and its positions. Refused with 422 while any position is OPEN or has an order being placed.',
    request: byGroup,
    response: z.object({ og_id: z.string() }),
    activity: 'Deleted an order group',
  }),
  addPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/addposition',
    role: 'user',
    summary: `Adds a WAITING position to an order group, on one of the caller's broker accounts (at most ${MAX_POSITIONS_PER_ORDER_GROUP} added by hand per group; positions made by bridge signals are not counted). Nothing is placed until it enters.`,
    request: addPositionRequestSchema,
    response: positionSchema,
    activity: 'Added a position',
  }),
  editPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/editposition',
    role: 'user',
    summary: 'Changes the named fields of a position: any field while WAITING, only target, stop-loss and trailing while OPEN (422 otherwise).',
    request: editPositionRequestSchema,
    response: positionSchema,
    activity: 'Edited a position',
  }),
  deletePosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/deleteposition',
    role: 'user',
    summary: 'Deletes a position that is not OPEN (422 for an OPEN one: exit it or mark it as exited first).',
    request: byPositionRequest,
    response: z.object({ og_id: z.string(), op_id: z.string() }),
    activity: 'Deleted a position',
  }),
  markAsExitedPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/markasexitedposition',
    role: 'user',
    summary: 'Records an OPEN position as EXITED without placing an order (closed outside the platform).',
    request: byPositionRequest,
    response: positionActionResultSchema,
    activity: 'Marked a position as exited',
  }),
  exitPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/exitposition',
    role: 'user',
    summary:
      'Exits an OPEN position with one opposite MARKET order on its account (origin ordermanager). A refused or failed order leaves it OPEN with the reason on its timeline; a retried call never places a second exit.',
    request: byPositionRequest,
    response: positionActionResultSchema,
    activity: 'Exited a position',
  }),
  cancelPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/cancelposition',
    role: 'user',
    summary: 'Cancels a WAITING position: it will not enter, no order is placed.',
    request: byPositionRequest,
    response: positionActionResultSchema,
    activity: 'Cancelled a position',
  }),
  enterPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/enterposition',
    role: 'user',
    summary:
      "Enters a WAITING position now with its order on its account (origin ordermanager); it becomes OPEN. A refused or failed order leaves it WAITING with the reason on its timeline; a retried call never places a second entry. 422 when the group's place-order flag is off.",
    request: byPositionRequest,
    response: positionActionResultSchema,
    activity: 'Entered a position',
  }),
  cancelAllPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/cancelallposition',
    role: 'user',
    summary: "Cancels every WAITING position of the group; each position's outcome listed.",
    request: byGroup,
    response: allPositionsResultSchema,
    activity: 'Cancelled all positions',
  }),
  enterAllPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/enterallposition',
    role: 'user',
    summary: "Enters every WAITING position of the group (execute-all); each position's outcome listed. 422 when the group's place-order flag is off.",
    request: byGroup,
    response: allPositionsResultSchema,
    activity: 'Entered all positions',
  }),
  exitAllPosition: defineCall({
    group: 'ordermanager',
    method: 'POST',
    path: '/ordermanager/exitallposition',
    role: 'user',
    summary: "Exits every OPEN position of the group; each position's outcome listed.",
    request: byGroup,
    response: allPositionsResultSchema,
    activity: 'Exited all positions',
  }),
} as const;
