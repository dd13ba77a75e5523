import * as z from 'zod';
import { opStatusSchema, positionEventSchema, positionLegSchema } from '../../../shared/contracts/ordermanager';
import { instrumentSchema } from '../../../shared/domain/instruments';
import { actionSchema, entryTypeSchema, exitLevelTypeSchema, levelDirectionSchema, orderTypeSchema, productSchema, trailTypeSchema } from '../../../shared/domain/ranges';
import { positionLegKindSchema } from '../../../shared/domain/states';

/**
 * The shape of an order-manager position item (`OMPOS#<og_id>#<op_id>`): its ticket and levels, the
 * state and claim its conditional writes move, what the monitor tracks, and its rollover settings and mark.
 */

/** The actions that place an order, and so claim the position while they do. */
export const ORDER_ACTIONS = ['enter', 'exit'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
const inFlightSchema = z.object({
  action: z.enum(ORDER_ACTIONS),
  attempt: z.number().int().positive(),
  /** When the attempt was claimed: a claim that never got an order is released after a grace period. */
  claimed_at: z.string().optional(),
  /** What the attempt settles as when its order goes through (an exit's leg and final state), so a later reconciliation settles it the same way. */
  leg: positionLegKindSchema.optional(),
  to: opStatusSchema.optional(),
});
export type InFlight = z.infer<typeof inFlightSchema>;

/**
 * What the position monitor tracks once orders go through: the orders that entered and exited it, their
 * average fill prices (null until filled), the levels it watches (target, the stop moved by trailing)
 * and the best price seen since entry (the trailing stop follows it). Absent on items written before.
 */
const positionTrackingFields = {
  entry_order_id: z.string().nullable().default(null),
  exit_order_id: z.string().nullable().default(null),
  entry_avg_price: z.number().nullable().default(null),
  exit_avg_price: z.number().nullable().default(null),
  best_price: z.number().nullable().default(null),
  target_price: z.number().nullable().default(null),
  stop_price: z.number().nullable().default(null),
};
export type PositionTracking = z.infer<z.ZodObject<typeof positionTrackingFields>>;
export const NO_TRACKING: PositionTracking = {
  entry_order_id: null,
  exit_order_id: null,
  entry_avg_price: null,
  exit_avg_price: null,
  best_price: null,
  target_price: null,
  stop_price: null,
};

/**
 * A rollover under way or done (functions/ordermanager/rollover/): written with the rollover's exit
 * claim, so it marks exactly the exit attempt the rollover asked for. `exiting` until the successor —
 * `instrument` under the derived id `op_id`, chosen before the exit — is written and asked to enter
 * (`rolled`), or the rollover cannot go on (`abandoned`: closed another way, or no next contract, in
 * which case nothing was exited and there is no successor). A position rolls once; its successor
 * carries the next rollover.
 */
export const ROLLOVER_STATES = ['exiting', 'rolled', 'abandoned'] as const;
export const rolloverMarkSchema = z.object({
  state: z.enum(ROLLOVER_STATES),
  op_id: z.string().nullable(),
  instrument: instrumentSchema.nullable(),
  /** The exit attempt the rollover claimed (0 when it exited nothing). */
  exit_attempt: z.number().int().min(0),
  /** How the successor was chosen (e.g. the nearest strike when the same one is not listed), or why there is none. */
  note: z.string(),
});
export type RolloverMark = z.infer<typeof rolloverMarkSchema>;

/**
 * Rollover settings (shared/contracts/ordermanager.ts) and the rollover mark: optional, absent on
 * positions that do not roll and on items written before rollover existed.
 */
const positionRolloverFields = {
  is_rollover: z.boolean().optional(),
  rollover_gap: z.number().int().nullable().optional(),
  rollover_time: z.string().nullable().optional(),
  rollover: rolloverMarkSchema.nullable().optional(),
};

export const positionItemSchema = z.object({
  op_id: z.string(),
  og_id: z.string(),
  op_status: opStatusSchema,
  broker_id: z.string(),
  instrument: instrumentSchema,
  transaction_type: actionSchema,
  product: productSchema,
  quantity: z.number().int().positive(),
  order_type: orderTypeSchema,
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  entry_type: entryTypeSchema,
  entry_direction: levelDirectionSchema.nullable(),
  entry_price: z.number().nullable(),
  candle_timeframe: z.number().nullable(),
  is_tgt: z.boolean(),
  tgt_type: exitLevelTypeSchema.nullable(),
  tgt_value: z.number().nullable(),
  is_sl: z.boolean(),
  sl_type: exitLevelTypeSchema.nullable(),
  sl_value: z.number().nullable(),
  is_trail_set: z.boolean(),
  trail_type: trailTypeSchema.nullable().default(null),
  trail_trigger: z.number().nullable(),
  trail_gap: z.number().nullable(),
  trail_point: z.number().nullable().default(null),
  legs: z.array(positionLegSchema),
  exit_leg: positionLegKindSchema.nullable(),
  timeline: z.array(positionEventSchema),
  in_flight: inFlightSchema.nullable(),
  ...positionTrackingFields,
  /** The last attempt number of each order action; the next attempt after a settled one is this + 1. */
  attempts: z.object({ enter: z.number().int().min(0), exit: z.number().int().min(0) }),
  /**
   * Whether the position is counted in its group's `position_count` (and so under its cap): positions
   * added by hand are; positions made by signals are not (ADR 0008) — a bridge's history grows with its
   * signals, and a fan-out of hundreds of positions must not contend on the group item.
   */
  counted: z.boolean().default(true),
  ...positionRolloverFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PositionItem = z.infer<typeof positionItemSchema>;
export type NewPosition = Omit<PositionItem, 'op_status' | 'legs' | 'exit_leg' | 'timeline' | 'in_flight' | 'attempts' | 'counted' | 'createdAt' | 'updatedAt' | keyof PositionTracking>;
/** The plain fields a caller edits (never the state, legs or timeline). */
export type PositionItemFields = Partial<Omit<NewPosition, 'op_id' | 'og_id'>>;
