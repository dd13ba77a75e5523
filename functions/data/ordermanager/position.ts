import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PositionEvent } from '../../../shared/contracts/ordermanager';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { orderManagerKeys } from '../keys';
import { tableName, transactIfConditionsHold, writeIfConditionHolds, type TransactItem } from '../table';
import { orderGroupKey, positionKey, queryOwnerPrefix, type OrderManagerOwner } from './order-manager-keys';
import { NO_TRACKING, positionItemSchema, type InFlight, type NewPosition, type PositionItem } from './position-item';
import { isWatchedByMonitor, watchEntryOf } from './watch-index';

/**
 * Order-manager positions, `OMPOS#<og_id>#<op_id>` in the owner's partition (docs/data-model.md):
 * written WAITING, with the monitor's watch entry when it has work on them. A position added by hand
 * moves its group's `position_count` in the same transaction as its put and its delete, so the cap
 * holds and deleting a group sees every position it deletes; a signal's position is not counted.
 */

/** The positions of one group, or (no id) of all the owner's groups, oldest first within a group. */
export async function listPositions(owner: OrderManagerOwner, ogId?: string): Promise<PositionItem[]> {
  const prefix = ogId === undefined ? orderManagerKeys.positionPrefix : orderManagerKeys.groupPositionsPrefix(ogId);
  return (await queryOwnerPrefix(owner, prefix)).map((item) => positionItemSchema.parse(item));
}

export async function getPosition(owner: OrderManagerOwner, ogId: string, opId: string): Promise<PositionItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: positionKey(owner, ogId, opId), ConsistentRead: true }));
  return Item ? positionItemSchema.parse(Item) : null;
}

export type AddPositionOutcome = { readonly kind: 'added'; readonly position: PositionItem } | { readonly kind: 'group-gone-or-full' };

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

/** Adds a WAITING position and counts it on its group in one transaction, refused when the group is gone or holds `maxPositions`. */
export async function addPosition(owner: OrderManagerOwner, position: NewPosition, event: Omit<PositionEvent, 'at' | 'op_status'>, maxPositions: number, now = clockNow()): Promise<AddPositionOutcome> {
  const stamp = now.toISOString();
  const item = newPositionItem(position, event, true, stamp);
  const watchEntry = isWatchedByMonitor(item) ? watchEntryOf(owner, position.og_id, position.op_id) : {};
  const written = await transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: orderGroupKey(owner, position.og_id),
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
export function positionDelete(owner: OrderManagerOwner, position: PositionItem, condition: { readonly expression: string; readonly values: Readonly<Record<string, unknown>> }) {
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
        Key: orderGroupKey(owner, position.og_id),
        UpdateExpression: 'SET position_count = position_count - :one, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString() },
      },
    },
  ]);
}
