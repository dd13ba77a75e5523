import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { GROUP_COUNTERS, GROUP_ORDER_COUNTERS, groupCountersSchema, type GroupCounters } from '../../../shared/contracts/groups';
import { visibilitySchema } from '../../../shared/domain/ranges';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { groupKeys } from '../keys';
import { assignmentsOf, isConditionFailure, tableName, transactIfConditionsHold } from '../table';
import { listGroupChildren, type GroupChildItem } from './group-child';
import { childKey, groupKey, queryOwnerPrefix, type GroupOwner } from './group-keys';
import { deleteGroupOrderRecords } from './group-order';
import { groupOrderCountsUpdate, type GroupOrderCountsDelta } from './group-order-counts';
import { MASTER_INDEX_ATTRIBUTES, masterIndexEntries } from './masters-index';

/**
 * Copy-trading groups in the owner's partition (docs/data-model.md):
 * - the group item `GROUP#<grp_id>`: settings, the master account, the counters of spec §3, and
 *   `child_accounts` (broker account id → grp_broker_id), which keeps an account in a group once and
 *   keeps the master out of the children by the same conditional write;
 * - one child item per group broker, `GROUPCHILD#<grp_id>#<grp_broker_id>` (group-child.ts).
 * Adding or removing a child changes the child item, `child_accounts` and `group_broker_count` in one
 * transaction, so the count never drifts from the children. The group's order counters are the group
 * item's plus its children's, summed when read (group-order-counts.ts).
 */
export const groupItemSchema = z.object({
  grp_id: z.string(),
  grp_name: z.string(),
  trading_enabled: z.boolean(),
  place_rejected: z.boolean(),
  master_broker_id: z.string().nullable(),
  master_connected_at: z.string().nullable(),
  is_strategy: z.boolean(),
  visibility: visibilitySchema,
  strategy_description: z.string(),
  child_accounts: z.record(z.string(), z.string()),
  ...groupCountersSchema.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

/** What a caller chooses for a new group; everything else starts empty or at zero. */
export type NewGroup = Pick<GroupItem, 'grp_id' | 'grp_name' | 'trading_enabled' | 'place_rejected'>;

/** The plain settings of a group: changed by one conditional update each, nothing else depends on them. */
export type GroupSettings = Partial<Pick<GroupItem, 'grp_name' | 'trading_enabled' | 'place_rejected' | 'is_strategy' | 'visibility' | 'strategy_description'>>;

const ZERO_COUNTERS: GroupCounters = groupCountersSchema.parse(Object.fromEntries(GROUP_COUNTERS.map((name) => [name, 0])));

/** The group as answered: its own counters (master, removed children) plus every current child's. */
function withChildCounts(group: GroupItem, children: readonly GroupChildItem[]): GroupItem {
  const summed = { ...group };
  for (const child of children) for (const counter of GROUP_ORDER_COUNTERS) summed[counter] += child[counter];
  return summed;
}

async function summed(owner: GroupOwner, group: GroupItem): Promise<GroupItem> {
  return withChildCounts(group, await listGroupChildren(owner, group.grp_id));
}

export async function createGroup(owner: GroupOwner, group: NewGroup, now = clockNow()): Promise<GroupItem> {
  const stamp = now.toISOString();
  const item: GroupItem = {
    ...group,
    master_broker_id: null,
    master_connected_at: null,
    is_strategy: false,
    visibility: 'PRIVATE',
    strategy_description: '',
    child_accounts: {},
    ...ZERO_COUNTERS,
    createdAt: stamp,
    updatedAt: stamp,
  };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...groupKey(owner, group.grp_id), entity: 'group', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return item;
}

/** The group item alone: its own counters, without its children's. */
async function getGroupItem(owner: GroupOwner, grpId: string): Promise<GroupItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: groupKey(owner, grpId), ConsistentRead: true }));
  return Item ? groupItemSchema.parse(Item) : null;
}

/** One group with its counters summed over its children. */
export async function getGroup(owner: GroupOwner, grpId: string): Promise<GroupItem | null> {
  const [group, children] = await Promise.all([getGroupItem(owner, grpId), listGroupChildren(owner, grpId)]);
  return group ? withChildCounts(group, children) : null;
}

/** One group with its counters summed, and the children it summed them over: one read of each, for a caller that needs both. */
export async function getGroupAndChildren(owner: GroupOwner, grpId: string): Promise<{ readonly group: GroupItem; readonly children: GroupChildItem[] } | null> {
  const [group, children] = await Promise.all([getGroupItem(owner, grpId), listGroupChildren(owner, grpId)]);
  return group ? { group: withChildCounts(group, children), children } : null;
}

/** The owner's groups, oldest first (ULID ids sort by creation), with counters summed over their children. */
export async function listGroups(owner: GroupOwner): Promise<GroupItem[]> {
  const items = await queryOwnerPrefix(owner, groupKeys.groupPrefix, true);
  return Promise.all(items.map((item) => summed(owner, groupItemSchema.parse(item))));
}

async function updateGroupItem(
  owner: GroupOwner,
  grpId: string,
  update: { expression: string; condition: string; names: Record<string, string>; values: Record<string, unknown> },
): Promise<GroupItem | null> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: groupKey(owner, grpId),
        UpdateExpression: update.expression,
        ConditionExpression: update.condition,
        ExpressionAttributeNames: update.names,
        ExpressionAttributeValues: update.values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return summed(owner, groupItemSchema.parse(Attributes));
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

function setGroupAttributes(owner: GroupOwner, grpId: string, set: Readonly<Record<string, unknown>>, now: Date): Promise<GroupItem | null> {
  const { assignments, names, values } = assignmentsOf(set, now);
  return updateGroupItem(owner, grpId, { expression: `SET ${assignments.join(', ')}`, condition: 'attribute_exists(PK)', names, values });
}

/** Changes plain settings; null when the owner has no such group. */
export function updateGroupSettings(owner: GroupOwner, grpId: string, settings: GroupSettings, now = clockNow()): Promise<GroupItem | null> {
  return setGroupAttributes(owner, grpId, settings, now);
}

/** Makes an account the master (and indexes the group as mirrored); null when the group is gone or the account is one of its children. */
export function setGroupMaster(owner: GroupOwner, grpId: string, accountId: string, now = clockNow()): Promise<GroupItem | null> {
  const { assignments, names, values } = assignmentsOf(
    { master_broker_id: accountId, master_connected_at: now.toISOString(), ...masterIndexEntries(owner, grpId, accountId) },
    now,
  );
  return updateGroupItem(owner, grpId, {
    expression: `SET ${assignments.join(', ')}`,
    condition: 'attribute_exists(PK) AND attribute_not_exists(#children.#account)',
    names: { ...names, '#children': 'child_accounts', '#account': accountId },
    values,
  });
}

/** Clears the master and its index entries; null when the owner has no such group. */
export function clearGroupMaster(owner: GroupOwner, grpId: string, now = clockNow()): Promise<GroupItem | null> {
  const { assignments, names, values } = assignmentsOf({ master_broker_id: null, master_connected_at: null }, now);
  return updateGroupItem(owner, grpId, {
    expression: `SET ${assignments.join(', ')} REMOVE ${MASTER_INDEX_ATTRIBUTES.join(', ')}`,
    condition: 'attribute_exists(PK)',
    names,
    values,
  });
}

/**
 * Deletes the group with the children read, in one transaction, only while no order of the group is
 * pending — on the group item (the master's) nor on any child item — and the children are still those
 * read (`group_broker_count`). False when a condition failed; the caller re-reads to say why. An order
 * intent counts itself on the item of its child (or the group, for the master's) and requires that item
 * to exist, so it either comes first and stops the delete, or finds the item gone and is not written.
 * The group's order records go afterwards (nothing names them once the group is gone; the orders stay).
 */
export async function deleteGroupWithChildren(owner: GroupOwner, group: GroupItem, children: readonly GroupChildItem[]): Promise<boolean> {
  const deleted = await transactIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: groupKey(owner, group.grp_id),
        ConditionExpression: 'attribute_exists(PK) AND pending_quantity = :zero AND group_broker_count = :children',
        ExpressionAttributeValues: { ':zero': 0, ':children': children.length },
      },
    },
    ...children.map((child) => ({
      Delete: {
        TableName: tableName(),
        Key: childKey(owner, child.grp_id, child.grp_broker_id),
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(pending_quantity) OR pending_quantity = :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    })),
  ]);
  if (deleted) await deleteGroupOrderRecords(owner, group.grp_id);
  return deleted;
}

/** Applies `delta` to the group item's order counters in one conditional update; null when the group is gone or a counter would go negative. */
export async function recordGroupOrderCounts(owner: GroupOwner, grpId: string, delta: GroupOrderCountsDelta, now = clockNow()): Promise<GroupItem | null> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...groupOrderCountsUpdate(owner, grpId, delta, now), ReturnValues: 'ALL_NEW' }));
    return summed(owner, groupItemSchema.parse(Attributes));
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
