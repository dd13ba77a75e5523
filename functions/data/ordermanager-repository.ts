import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { opStatusSchema, positionEventSchema, positionLegSchema, type OpStatus, type PositionEvent, type PositionLeg } from '../../shared/contracts/ordermanager';
import { instrumentSchema } from '../../shared/domain/instruments';
import { actionSchema, entryTypeSchema, exitLevelTypeSchema, levelDirectionSchema, orderTypeSchema, productSchema, trailTypeSchema } from '../../shared/domain/ranges';
import { positionLegKindSchema } from '../../shared/domain/states';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { orderManagerKeys, orderManagerWatchKeys, userKeys } from './keys';
import { assignmentsOf, isConditionFailure, tableName, transactIfConditionsHold, writeIfConditionHolds, type TransactItem } from './table';
import { TABLE_ITEMS, type ItemSource } from './item-source';

/**
 * The order manager in the owner's partition (docs/data-model.md): an order group item
 * `OMGROUP#<og_id>` (settings and `position_count`, the number of its position items) and one item
 * per position `OMPOS#<og_id>#<op_id>`. Adding or deleting a position moves `position_count` in the
 * same transaction, so the cap holds and deleting a group sees every position it deletes.
 *
 * Every state change is a conditional write on the state it was decided from, so two requests
 * racing on one position cannot both move it. An action that places an order first claims the
 * position (`in_flight`: the action and its attempt number); the attempt names the order's
 * idempotency key, so a retried or concurrent request for the same attempt answers the same order
 * instead of placing another, and only the claim's holder settles it.
 */
export interface OrderManagerOwner {
  readonly frchId: number;
  readonly userId: number;
}

export const orderGroupItemSchema = z.object({
  og_id: z.string(),
  og_name: z.string(),
  /** The custom bridge that made this group and owns it (ADR 0008); null for a group made by hand. */
  bridge_id: z.string().nullable().default(null),
  og_place_order: z.boolean(),
  group_tgt: z.number().nullable(),
  group_sl: z.number().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  position_count: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderGroupItem = z.infer<typeof orderGroupItemSchema>;
export type NewOrderGroup = Omit<OrderGroupItem, 'position_count' | 'createdAt' | 'updatedAt'>;
export type OrderGroupItemSettings = Partial<Pick<OrderGroupItem, 'og_name' | 'og_place_order' | 'group_tgt' | 'group_sl' | 'start_time' | 'end_time'>>;

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

/** The state that decides whether the monitor watches a position. */
export type WatchState = Pick<PositionItem, 'op_status' | 'entry_type' | 'in_flight' | 'exit_order_id' | 'exit_avg_price' | 'rollover'>;

/** A rollover whose successor is not written and entered yet: the monitor finishes it. */
export const isRolloverPending = (state: Pick<PositionItem, 'rollover'>): boolean => state.rollover?.state === 'exiting';

/**
 * Whether the monitor has work on a position, so it carries the watch index: OPEN, WAITING for a
 * price (a DIRECT entry waits for the user or the signal worker), an order in flight, closed by an
 * exit order whose fill price is not known yet, or exited for a rollover whose successor is pending.
 */
export function isWatchedByMonitor(state: WatchState): boolean {
  if (state.in_flight !== null || state.op_status === 'OPEN' || isRolloverPending(state)) return true;
  if (state.op_status === 'WAITING') return state.entry_type !== 'DIRECT';
  return state.exit_order_id !== null && state.exit_avg_price === null;
}

const WATCH_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK'] as const;

function watchShardOf(opId: string): number {
  let sum = 0;
  for (const char of opId) sum = (sum + char.charCodeAt(0)) % orderManagerWatchKeys.shards;
  return sum;
}

const watchEntryOf = (owner: OrderManagerOwner, ogId: string, opId: string) =>
  orderManagerWatchKeys.entry(watchShardOf(opId), owner.frchId, owner.userId, ogId, opId);

const groupKey = (owner: OrderManagerOwner, ogId: string) => orderManagerKeys.group(owner.frchId, owner.userId, ogId);
const positionKey = (owner: OrderManagerOwner, ogId: string, opId: string) => orderManagerKeys.position(owner.frchId, owner.userId, ogId, opId);
const partition = (owner: OrderManagerOwner) => userKeys.partition(owner.frchId, owner.userId);

async function queryAll(owner: OrderManagerOwner, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': partition(owner), ':prefix': prefix },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}


export async function createOrderGroup(owner: OrderManagerOwner, group: NewOrderGroup, now = clockNow()): Promise<OrderGroupItem> {
  const stamp = now.toISOString();
  const item: OrderGroupItem = { ...group, position_count: 0, createdAt: stamp, updatedAt: stamp };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...groupKey(owner, group.og_id), entity: 'order-group', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return item;
}

export async function getOrderGroup(owner: OrderManagerOwner, ogId: string, items: ItemSource = TABLE_ITEMS): Promise<OrderGroupItem | null> {
  const item = await items.get(groupKey(owner, ogId));
  return item ? orderGroupItemSchema.parse(item) : null;
}

/** The owner's order groups, oldest first (ULID ids sort by creation). */
export async function listOrderGroups(owner: OrderManagerOwner): Promise<OrderGroupItem[]> {
  return (await queryAll(owner, orderManagerKeys.groupPrefix)).map((item) => orderGroupItemSchema.parse(item));
}

/** The positions of one group, or (no id) of all the owner's groups, oldest first within a group. */
export async function listPositions(owner: OrderManagerOwner, ogId?: string): Promise<PositionItem[]> {
  const prefix = ogId === undefined ? orderManagerKeys.positionPrefix : orderManagerKeys.groupPositionsPrefix(ogId);
  return (await queryAll(owner, prefix)).map((item) => positionItemSchema.parse(item));
}

export async function getPosition(owner: OrderManagerOwner, ogId: string, opId: string): Promise<PositionItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: positionKey(owner, ogId, opId), ConsistentRead: true }));
  return Item ? positionItemSchema.parse(Item) : null;
}


export async function updateOrderGroup(owner: OrderManagerOwner, ogId: string, settings: OrderGroupItemSettings, now = clockNow()): Promise<OrderGroupItem | null> {
  const { assignments, names, values } = assignmentsOf(settings, now);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: groupKey(owner, ogId),
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return orderGroupItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Deletes the group and the positions read with it, all or nothing: refused (false) when a position
 * was added meanwhile (`position_count` moved) or one of them is OPEN or has an order being placed.
 */
const closedAndIdle = { expression: 'op_status <> :open AND in_flight = :none', values: { ':open': 'OPEN' satisfies OpStatus, ':none': null } };

/**
 * Signal positions are not counted and may be many: they are deleted first, one conditional delete
 * each (a few at a time); the group goes last with its counted positions in one transaction.
 */
const SIGNAL_POSITION_DELETES_IN_FLIGHT = 16;

export async function deleteOrderGroup(owner: OrderManagerOwner, group: OrderGroupItem, positions: readonly PositionItem[]): Promise<boolean> {
  const uncounted = positions.filter((position) => !position.counted);
  for (let start = 0; start < uncounted.length; start += SIGNAL_POSITION_DELETES_IN_FLIGHT) {
    const deletes = uncounted.slice(start, start + SIGNAL_POSITION_DELETES_IN_FLIGHT).map((position) =>
      writeIfConditionHolds(() => dynamo().send(new DeleteCommand(positionDelete(owner, position, closedAndIdle)))),
    );
    if ((await Promise.all(deletes)).includes(false)) return false;
  }
  const counted = positions.filter((position) => position.counted);
  return transactIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: groupKey(owner, group.og_id),
        ConditionExpression: 'position_count = :count',
        ExpressionAttributeValues: { ':count': counted.length },
      },
    },
    ...counted.map((position) => ({ Delete: positionDelete(owner, position, closedAndIdle) })),
  ]);
}

export type AddPositionOutcome = { readonly kind: 'added'; readonly position: PositionItem } | { readonly kind: 'group-gone-or-full' };

/** Adds a WAITING position and counts it on its group in one transaction, refused when the group is gone or holds `maxPositions`. */
function newPositionItem(position: NewPosition, event: Omit<PositionEvent, 'at' | 'op_status'>, counted: boolean, stamp: string): PositionItem {
  return {
    ...position,
    op_status: 'WAITING',
    legs: [],
    exit_leg: null,
    timeline: [{ ...event, at: stamp, op_status: 'WAITING' }],
    in_flight: null,
    ...NO_TRACKING,
    attempts: { enter: 0, exit: 0 },
    counted,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

export async function addPosition(owner: OrderManagerOwner, position: NewPosition, event: Omit<PositionEvent, 'at' | 'op_status'>, maxPositions: number, now = clockNow()): Promise<AddPositionOutcome> {
  const stamp = now.toISOString();
  const item = newPositionItem(position, event, true, stamp);
  const watchEntry = isWatchedByMonitor(item) ? watchEntryOf(owner, position.og_id, position.op_id) : {};
  const written = await transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, position.og_id),
        UpdateExpression: 'SET position_count = position_count + :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND position_count < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxPositions, ':now': stamp },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...positionKey(owner, position.og_id, position.op_id), entity: 'order-position', ...item, ...watchEntry },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  return written ? { kind: 'added', position: item } : { kind: 'group-gone-or-full' };
}

/** A DIRECT entry's first attempt, claimed in the position's own write (its note on the timeline), so the entry needs no claim write. */
export interface FirstClaim {
  readonly inFlight: InFlight;
  readonly note: string;
}

/**
 * A signal's new position (ADR 0008) and its conditional put, for a caller that writes it inside a
 * transaction (the signal worker puts it together with its first entry order's intent): written once
 * under its derived id, or not at all.
 */
export function signalPositionPut(
  owner: OrderManagerOwner,
  position: NewPosition,
  event: Omit<PositionEvent, 'at' | 'op_status'>,
  claim: FirstClaim | null,
  now: Date,
): { readonly item: PositionItem; readonly put: TransactItem } {
  const stamp = now.toISOString();
  const fresh = newPositionItem(position, event, false, stamp);
  const item: PositionItem = claim
    ? { ...fresh, in_flight: claim.inFlight, timeline: [...fresh.timeline, { action: claim.inFlight.action, op_status: 'WAITING', note: claim.note, at: stamp }] }
    : fresh;
  const watchEntry = isWatchedByMonitor(item) ? watchEntryOf(owner, position.og_id, position.op_id) : {};
  return {
    item,
    put: {
      Put: {
        TableName: tableName(),
        Item: { ...positionKey(owner, position.og_id, position.op_id), entity: 'order-position', ...item, ...watchEntry },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

/**
 * Adds a position a signal made (ADR 0008): written once under its derived id, not counted on the group
 * (no cap, no contention on the group item), so `null` means only that it exists already. The group was
 * read just before; a group deleted meanwhile leaves a position the monitor skips (it reads the group).
 */
export async function addSignalPosition(
  owner: OrderManagerOwner,
  position: NewPosition,
  event: Omit<PositionEvent, 'at' | 'op_status'>,
  claim: FirstClaim | null = null,
  now = clockNow(),
): Promise<PositionItem | null> {
  const { item, put } = signalPositionPut(owner, position, event, claim, now);
  const written = await writeIfConditionHolds(() => dynamo().send(new PutCommand(put.Put as NonNullable<TransactItem['Put']>)));
  return written ? item : null;
}

/** The delete of a position still as the condition says (state read, no order being placed). */
function positionDelete(owner: OrderManagerOwner, position: PositionItem, condition: { readonly expression: string; readonly values: Readonly<Record<string, unknown>> }) {
  return { TableName: tableName(), Key: positionKey(owner, position.og_id, position.op_id), ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values };
}

const unchangedSince = (position: PositionItem) => ({ expression: 'op_status = :status AND in_flight = :none', values: { ':status': position.op_status, ':none': null } });

/** Deletes a position still in the state it was read in, with no order being placed, and uncounts it when counted. */
export async function deletePosition(owner: OrderManagerOwner, position: PositionItem, now = clockNow()): Promise<boolean> {
  if (!position.counted) return writeIfConditionHolds(() => dynamo().send(new DeleteCommand(positionDelete(owner, position, unchangedSince(position)))));
  return transactIfConditionsHold([
    { Delete: positionDelete(owner, position, unchangedSince(position)) },
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, position.og_id),
        UpdateExpression: 'SET position_count = position_count - :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString() },
      },
    },
  ]);
}

/** One conditional change of a position: plain assignments, an event (and a leg) appended to its lists. */
interface PositionChange {
  readonly set: Readonly<Record<string, unknown>>;
  readonly event: Omit<PositionEvent, 'at'>;
  readonly leg?: PositionLeg;
  /** A condition on the position with its own names and values. */
  readonly condition: string;
  readonly names: Readonly<Record<string, string>>;
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * Every change also sets or removes the position's watch index entry, decided on the state it leaves
 * (the state read, which the condition guarantees, with the change applied).
 */
async function changePosition(owner: OrderManagerOwner, position: PositionItem, change: PositionChange, now: Date): Promise<PositionItem | null> {
  const watched = isWatchedByMonitor({ ...position, ...change.set } as WatchState);
  const watchSet = watched ? watchEntryOf(owner, position.og_id, position.op_id) : {};
  const { assignments, names, values } = assignmentsOf({ ...change.set, ...watchSet }, now);
  const appended = [`timeline = list_append(timeline, :event)`, ...(change.leg ? ['legs = list_append(legs, :leg)'] : [])];
  const removed = watched ? '' : ` REMOVE ${WATCH_INDEX_ATTRIBUTES.join(', ')}`;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: positionKey(owner, position.og_id, position.op_id),
        UpdateExpression: `SET ${[...assignments, ...appended].join(', ')}${removed}`,
        ConditionExpression: `attribute_exists(PK) AND (${change.condition})`,
        ExpressionAttributeNames: { ...names, ...change.names },
        ExpressionAttributeValues: {
          ...values,
          ...change.values,
          ':event': [{ ...change.event, at: now.toISOString() }],
          ...(change.leg ? { ':leg': [change.leg] } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return positionItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

const STATE_NAMES = { '#status': 'op_status', '#flight': 'in_flight' };
const CLAIM_NAMES = { ...STATE_NAMES, '#action': 'action' };
const IDLE_IN = (status: OpStatus) => ({ condition: '#status = :from AND #flight = :none', names: STATE_NAMES, values: { ':from': status, ':none': null } });

/** Edits plain fields of a position still in the state they were checked against, with no order being placed. */
export function editPositionFields(
  owner: OrderManagerOwner,
  position: PositionItem,
  fields: PositionItemFields & Partial<Pick<PositionTracking, 'target_price' | 'stop_price' | 'best_price'>>,
  note: string,
  now = clockNow(),
): Promise<PositionItem | null> {
  return changePosition(owner, position, { set: fields, event: { action: 'edit', op_status: position.op_status, note }, ...IDLE_IN(position.op_status) }, now);
}

/** Moves a position without an order (cancel, mark as exited): only from the state it was read in, with nothing in flight. */
export function movePosition(
  owner: OrderManagerOwner,
  position: PositionItem,
  to: OpStatus,
  event: { readonly action: string; readonly note: string },
  exitLeg: PositionItem['exit_leg'],
  now = clockNow(),
): Promise<PositionItem | null> {
  return changePosition(owner, position, { set: { op_status: to, exit_leg: exitLeg }, event: { ...event, op_status: to }, ...IDLE_IN(position.op_status) }, now);
}

/**
 * Claims the position for an order action: from the state it was read in, when nothing is in
 * flight or the same attempt already is (a retry, which then shares the attempt's idempotency key).
 */
export function claimPosition(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { in_flight: claim },
      event: { action: claim.action, op_status: position.op_status, note },
      condition: '#status = :from AND (#flight = :none OR (#flight.#action = :action AND #flight.attempt = :attempt))',
      names: CLAIM_NAMES,
      values: { ':from': position.op_status, ':none': null, ':action': claim.action, ':attempt': claim.attempt },
    },
    now,
  );
}

/** How a claimed action ended: the state it leaves (the same one when the order did not go through), its order, and why. */
export interface Settlement {
  readonly to: OpStatus;
  readonly leg: PositionLeg | null;
  readonly exitLeg: PositionItem['exit_leg'];
  readonly note: string;
  /** What the order tells the monitor (order ids, fill prices, levels), recorded with the settlement. */
  readonly tracking?: Partial<PositionTracking>;
}

/** Settles the claim (only its holder's attempt): records the outcome and frees the position. */
export function settlePosition(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, settlement: Settlement, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: {
        ...settlement.tracking,
        op_status: settlement.to,
        exit_leg: settlement.exitLeg,
        in_flight: null,
        attempts: { ...position.attempts, [claim.action]: claim.attempt },
      },
      event: { action: claim.action, op_status: settlement.to, note: settlement.note },
      ...(settlement.leg ? { leg: settlement.leg } : {}),
      condition: '#status = :from AND #flight.#action = :action AND #flight.attempt = :attempt',
      names: CLAIM_NAMES,
      values: { ':from': position.op_status, ':action': claim.action, ':attempt': claim.attempt },
    },
    now,
  );
}

/** Notes an outcome that is not settled yet (the broker's answer was ambiguous): the claim stays until it is. */
export function notePosition(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: {},
      event: { action: claim.action, op_status: position.op_status, note },
      condition: '#flight.#action = :action AND #flight.attempt = :attempt',
      names: { '#flight': 'in_flight', '#action': 'action' },
      values: { ':action': claim.action, ':attempt': claim.attempt },
    },
    now,
  );
}

/** What the monitor records on a position it watches (no order involved): tracking fields, and a move back or on when an order's fate says so. */
export type TrackedChange = Partial<PositionTracking> & {
  readonly op_status?: OpStatus;
  readonly exit_leg?: PositionItem['exit_leg'];
  /** What the broker holds now, when an order ended part-filled. */
  readonly quantity?: number;
};

/**
 * Records what the monitor saw (a fill price, the levels, a trailed stop…) on the position exactly as
 * it was read: same state, nothing in flight, not written since (`updatedAt`), so a decision made on a
 * stale read, or by a second monitor run, is not applied.
 */
export function trackPosition(owner: OrderManagerOwner, position: PositionItem, change: TrackedChange, event: { readonly action: string; readonly note: string }, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: change,
      event: { ...event, op_status: change.op_status ?? position.op_status },
      condition: '#status = :from AND #flight = :none AND #updated = :seen',
      names: { ...STATE_NAMES, '#updated': 'updatedAt' },
      values: { ':from': position.op_status, ':none': null, ':seen': position.updatedAt },
    },
    now,
  );
}

/**
 * Starts a rollover: claims the OPEN position for its exit attempt and marks the rollover in one
 * conditional write (still OPEN, nothing in flight, not written since it was read), so two monitor runs
 * cannot both start it and the mark names exactly the exit attempt the rollover asked for. The claim
 * is then carried on by the order path (`placePositionOrder` continues the same attempt).
 */
export function claimRolloverExit(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, mark: RolloverMark, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { in_flight: claim, rollover: mark },
      event: { action: 'rollover', op_status: position.op_status, note },
      condition: '#status = :from AND #flight = :none AND #updated = :seen',
      names: { ...STATE_NAMES, '#updated': 'updatedAt' },
      values: { ':from': 'OPEN' satisfies OpStatus, ':none': null, ':seen': position.updatedAt },
    },
    now,
  );
}

/**
 * Records that a rollover cannot start (no next contract): no claim, no order, only the mark and the
 * reason, on the position as it was read (still OPEN, idle, not written since), so it is told once.
 */
export function refuseRollover(owner: OrderManagerOwner, position: PositionItem, mark: RolloverMark, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { rollover: mark },
      event: { action: 'rollover', op_status: position.op_status, note },
      condition: '#status = :from AND #flight = :none AND #updated = :seen',
      names: { ...STATE_NAMES, '#updated': 'updatedAt' },
      values: { ':from': position.op_status, ':none': null, ':seen': position.updatedAt },
    },
    now,
  );
}

/**
 * Ends a pending rollover (`rolled` once the successor is written and asked to enter, `abandoned` when it
 * cannot go on): only the one write that finds it still `exiting` succeeds, so its caller alone tells
 * the user. The position is no longer watched for it.
 */
export function closeRollover(owner: OrderManagerOwner, position: PositionItem, mark: RolloverMark, state: Exclude<RolloverMark['state'], 'exiting'>, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { rollover: { ...mark, state } },
      event: { action: 'rollover', op_status: position.op_status, note },
      condition: '#rollover.#state = :exiting AND #rollover.op_id = :successor AND #rollover.exit_attempt = :attempt',
      names: { '#rollover': 'rollover', '#state': 'state' },
      values: { ':exiting': 'exiting' satisfies RolloverMark['state'], ':successor': mark.op_id, ':attempt': mark.exit_attempt },
    },
    now,
  );
}

export interface WatchedPositionRef {
  readonly owner: OrderManagerOwner;
  readonly ogId: string;
  readonly opId: string;
}

/** Every position the monitor watches, over all shards (the index is eventually consistent: re-read before acting). */
export async function* listWatchedPositions(): AsyncGenerator<WatchedPositionRef> {
  for (let shard = 0; shard < orderManagerWatchKeys.shards; shard += 1) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': orderManagerWatchKeys.partition(shard) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const ref = typeof item.GSI1SK === 'string' ? orderManagerWatchKeys.refOf(item.GSI1SK) : null;
        if (ref) yield { owner: { frchId: ref.frchId, userId: ref.userId }, ogId: ref.ogId, opId: ref.opId };
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

/**
 * Turns the group's place-order flag off when its target or stop-loss is hit (spec §4), only if it is
 * still on: true for the one write that turned it off (that caller tells the user), false otherwise.
 */
export async function turnPlaceOrderOff(owner: OrderManagerOwner, ogId: string, now = clockNow()): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: groupKey(owner, ogId),
        UpdateExpression: 'SET og_place_order = :off, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND og_place_order = :on',
        ExpressionAttributeValues: { ':off': false, ':on': true, ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
