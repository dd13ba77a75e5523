import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { OpStatus } from '../../../shared/contracts/ordermanager';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { TABLE_ITEMS, type ItemSource } from '../item-source';
import { orderManagerKeys } from '../keys';
import { assignmentsOf, isConditionFailure, tableName, transactIfConditionsHold, writeIfConditionHolds } from '../table';
import { orderGroupKey, queryOwnerPrefix, type OrderManagerOwner } from './order-manager-keys';
import { positionDelete } from './position';
import type { PositionItem } from './position-item';

/**
 * The order manager in the owner's partition (docs/data-model.md): an order group item
 * `OMGROUP#<og_id>` (settings and `position_count`, the number of its position items) and one item
 * per position `OMPOS#<og_id>#<op_id>`. Adding or deleting a position moves `position_count` in the
 * same transaction, so the cap holds and deleting a group sees every position it deletes.
 */
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

export async function createOrderGroup(owner: OrderManagerOwner, group: NewOrderGroup, now = clockNow()): Promise<OrderGroupItem> {
  const stamp = now.toISOString();
  const item: OrderGroupItem = { ...group, position_count: 0, createdAt: stamp, updatedAt: stamp };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...orderGroupKey(owner, group.og_id), entity: 'order-group', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return item;
}

export async function getOrderGroup(owner: OrderManagerOwner, ogId: string, items: ItemSource = TABLE_ITEMS): Promise<OrderGroupItem | null> {
  const item = await items.get(orderGroupKey(owner, ogId));
  return item ? orderGroupItemSchema.parse(item) : null;
}

/** The owner's order groups, oldest first (ULID ids sort by creation). */
export async function listOrderGroups(owner: OrderManagerOwner): Promise<OrderGroupItem[]> {
  return (await queryOwnerPrefix(owner, orderManagerKeys.groupPrefix)).map((item) => orderGroupItemSchema.parse(item));
}

export async function updateOrderGroup(owner: OrderManagerOwner, ogId: string, settings: OrderGroupItemSettings, now = clockNow()): Promise<OrderGroupItem | null> {
  const { assignments, names, values } = assignmentsOf(settings, now);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderGroupKey(owner, ogId),
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

/** Positions a group delete takes: neither OPEN nor with an order being placed. */
const closedAndIdle = { expression: 'op_status <> :open AND in_flight = :none', values: { ':open': 'OPEN' satisfies OpStatus, ':none': null } };

/**
 * Signal positions are not counted and may be many: they are deleted first, one conditional delete
 * each (a few at a time); the group goes last with its counted positions in one transaction.
 */
const SIGNAL_POSITION_DELETES_IN_FLIGHT = 16;

/**
 * Deletes the group and the positions read with it, all or nothing: refused (false) when a position
 * was added meanwhile (`position_count` moved) or one of them is OPEN or has an order being placed.
 */
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
        Key: orderGroupKey(owner, group.og_id),
        ConditionExpression: 'position_count = :count',
        ExpressionAttributeValues: { ':count': counted.length },
      },
    },
    ...counted.map((position) => ({ Delete: positionDelete(owner, position, closedAndIdle) })),
  ]);
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
        Key: orderGroupKey(owner, ogId),
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
