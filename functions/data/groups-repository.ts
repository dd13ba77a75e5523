import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { brokerKindSchema } from '../../shared/contracts/broker';
import {
  GROUP_COUNTERS,
  GROUP_ORDER_COUNTERS,
  groupCountersSchema,
  groupOrderCountersSchema,
  type GroupCounters,
  type GroupOrderCounter,
  type GroupOrderCounters,
} from '../../shared/contracts/groups';
import { instrumentSchema } from '../../shared/domain/instruments';
import { actionSchema, orderOriginSchema, orderTypeSchema, productSchema, visibilitySchema } from '../../shared/domain/ranges';
import { orderStatusSchema } from '../../shared/domain/states';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { getIdempotencyRecord } from './broker-accounts-repository';
import { groupKeys, groupMasterIndexKeys, groupMirrorKeys, idempotencyKeys, userKeys, type ItemKey } from './keys';
import { assignmentsOf, isConditionFailure, setIfExists, tableName, transactIfConditionsHold, type TransactItems } from './table';

/**
 * Copy-trading groups in the owner's partition (docs/data-model.md):
 * - the group item `GROUP#<grp_id>`: settings, the master account, the counters of spec §3, and
 *   `child_accounts` (broker account id → grp_broker_id), which keeps an account in a group once and
 *   keeps the master out of the children by the same conditional write;
 * - one child item per group broker, `GROUPCHILD#<grp_id>#<grp_broker_id>`.
 * Adding or removing a child changes the child item, `child_accounts` and `group_broker_count` in one
 * transaction, so the count never drifts from the children.
 *
 * Order counters are kept where the orders write them, in the same transaction as each order write
 * (`linkedOrderCountsUpdate`): a child's orders count on its child item, the master's (and orders of
 * children since removed, folded in on removal) on the group item. A group's counters are the group
 * item's plus its children's, summed when read. Counting on the child item rather than the group item
 * keeps a fan-out to many children from queueing every order write on one hot item (concurrent
 * transactions on one item conflict), while deleting a group or removing a child still checks the
 * very items the orders write, so no pending order slips past either.
 */
export interface GroupOwner {
  readonly frchId: number;
  readonly userId: number;
}

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

export const groupChildItemSchema = z.object({
  grp_broker_id: z.string(),
  grp_id: z.string(),
  broker_id: z.string(),
  broker: brokerKindSchema,
  multiplier: z.number(),
  trading_enabled: z.boolean(),
  /** The order counters of this child's orders. */
  ...groupOrderCountersSchema.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupChildItem = z.infer<typeof groupChildItemSchema>;
export type NewGroupChild = Omit<GroupChildItem, 'createdAt' | 'updatedAt' | GroupOrderCounter>;
export type GroupChildSettings = Partial<Pick<GroupChildItem, 'multiplier' | 'trading_enabled'>>;

/** A change of the order counters: positive or negative amounts by counter. */
export type GroupOrderCountsDelta = Partial<Readonly<Record<GroupOrderCounter, number>>>;

const ZERO_COUNTERS: GroupCounters = groupCountersSchema.parse(Object.fromEntries(GROUP_COUNTERS.map((name) => [name, 0])));
const ZERO_ORDER_COUNTERS: GroupOrderCounters = groupOrderCountersSchema.parse(Object.fromEntries(GROUP_ORDER_COUNTERS.map((name) => [name, 0])));

/** Which group (and which child of it, null for the master) an order belongs to: where its counts go. */
export interface GroupOrderLink {
  readonly grp_id: string;
  readonly grp_broker_id: string | null;
}

const groupKey = (owner: GroupOwner, grpId: string) => groupKeys.group(owner.frchId, owner.userId, grpId);
const childKey = (owner: GroupOwner, grpId: string, grpBrokerId: string) => groupKeys.child(owner.frchId, owner.userId, grpId, grpBrokerId);

/**
 * Group order records, `GROUPORDER#<grp_id>#<group_order_id>` beside the group (not under `GROUP#`, so
 * listing groups never reads them). Built here until `functions/data/keys.ts` takes `groupKeys.order`.
 */
const groupOrderKeys = {
  item: (owner: GroupOwner, grpId: string, groupOrderId: string): ItemKey => ({
    PK: userKeys.partition(owner.frchId, owner.userId),
    SK: `GROUPORDER#${grpId}#${groupOrderId}`,
  }),
  prefix: (grpId: string) => `GROUPORDER#${grpId}#`,
};

/** The idempotency record of a group placement: the client's key names the group order it started. */
export const GROUP_PLACE_ORDER_OPERATION = 'group-place-order';
const IDEMPOTENCY_RETENTION_SECONDS = 7 * 86_400;

type TransactItem = TransactItems[number];


async function queryAll(partition: string, prefix: string, consistent = false): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
        ExclusiveStartKey: startKey,
        ConsistentRead: consistent,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}


/** A stored child; one written before group orders existed carries no counters, so it counts zero. */
function parseChild(item: Record<string, unknown>): GroupChildItem {
  return groupChildItemSchema.parse({ ...ZERO_ORDER_COUNTERS, ...item });
}

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

/** The owner's groups, oldest first (ULID ids sort by creation), with counters summed over their children. */
export async function listGroups(owner: GroupOwner): Promise<GroupItem[]> {
  const items = await queryAll(userKeys.partition(owner.frchId, owner.userId), groupKeys.groupPrefix, true);
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

/** The shard of the masters index a group's entry lives in (stable per group). */
function masterShardOf(grpId: string): number {
  let sum = 0;
  for (const char of grpId) sum = (sum + char.charCodeAt(0)) % groupMasterIndexKeys.shards;
  return sum;
}

/** The sparse index entries a group item carries while it has a master (removed with the master). */
function masterIndexEntries(owner: GroupOwner, grpId: string, accountId: string) {
  return {
    ...groupMasterIndexKeys.entry(masterShardOf(grpId), owner.frchId, owner.userId, grpId),
    ...groupMasterIndexKeys.byAccount(owner.frchId, accountId, owner.userId, grpId),
  };
}
const MASTER_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'] as const;

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
 * Adds a child: the group records the account (only if it is neither a child already nor the master,
 * and the group has room) and counts it, and the child item is written, in one transaction. Null when
 * a condition failed; the caller re-reads the group to say which.
 */
export async function addGroupChild(owner: GroupOwner, child: NewGroupChild, maxChildren: number, now = clockNow()): Promise<GroupChildItem | null> {
  const stamp = now.toISOString();
  const item: GroupChildItem = { ...child, ...ZERO_ORDER_COUNTERS, createdAt: stamp, updatedAt: stamp };
  const written = await transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, child.grp_id),
        UpdateExpression: 'SET #children.#account = :grpBrokerId, updatedAt = :now ADD group_broker_count :one',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(#children.#account) AND (master_broker_id <> :account OR attribute_type(master_broker_id, :null)) AND group_broker_count < :max',
        ExpressionAttributeNames: { '#children': 'child_accounts', '#account': child.broker_id },
        ExpressionAttributeValues: { ':grpBrokerId': child.grp_broker_id, ':now': stamp, ':one': 1, ':account': child.broker_id, ':null': 'NULL', ':max': maxChildren },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...childKey(owner, child.grp_id, child.grp_broker_id), entity: 'group-child', ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  return written ? item : null;
}

export async function getGroupChild(owner: GroupOwner, grpId: string, grpBrokerId: string): Promise<GroupChildItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: childKey(owner, grpId, grpBrokerId), ConsistentRead: true }));
  return Item ? parseChild(Item) : null;
}

/** A group's children in the order added (ULID ids). */
export async function listGroupChildren(owner: GroupOwner, grpId: string): Promise<GroupChildItem[]> {
  const items = await queryAll(userKeys.partition(owner.frchId, owner.userId), groupKeys.childPrefix(grpId), true);
  return items.map(parseChild);
}

/** Changes a child's multiplier or trading flag; null when the owner's group has no such child. */
export async function updateGroupChild(owner: GroupOwner, grpId: string, grpBrokerId: string, settings: GroupChildSettings, now = clockNow()): Promise<GroupChildItem | null> {
  const updated = await setIfExists(childKey(owner, grpId, grpBrokerId), settings, now);
  return updated ? parseChild(updated) : null;
}

/** True when the child's counts change nothing on the group (never traded): nothing to fold in. */
function countsNothing(child: GroupChildItem): boolean {
  return GROUP_ORDER_COUNTERS.every((counter) => child[counter] === 0);
}

/**
 * Removes a child and uncounts it in one transaction; false when it was gone, has a pending order, or
 * traded meanwhile. Its orders' counts move to the group item, so the group's totals stay those of
 * its orders; with no pending order (and the order count as read) none of them can change any more.
 */
export function removeGroupChild(owner: GroupOwner, child: GroupChildItem, now = clockNow()): Promise<boolean> {
  const folded = GROUP_ORDER_COUNTERS.filter((counter) => child[counter] !== 0);
  const foldNames = Object.fromEntries(folded.map((counter, index) => [`#f${index}`, counter]));
  const foldValues = Object.fromEntries(folded.map((counter, index) => [`:f${index}`, child[counter]]));
  const additions = ['group_broker_count :minusOne', ...folded.map((_, index) => `#f${index} :f${index}`)];
  return transactIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: childKey(owner, child.grp_id, child.grp_broker_id),
        ConditionExpression: countsNothing(child)
          ? 'attribute_exists(PK) AND (attribute_not_exists(total_orders) OR total_orders = :zero)'
          : 'attribute_exists(PK) AND pending_quantity = :zero AND total_orders = :orders',
        ExpressionAttributeValues: countsNothing(child) ? { ':zero': 0 } : { ':zero': 0, ':orders': child.total_orders },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, child.grp_id),
        UpdateExpression: `REMOVE #children.#account SET updatedAt = :now ADD ${additions.join(', ')}`,
        ConditionExpression: '#children.#account = :grpBrokerId AND group_broker_count > :zero',
        ExpressionAttributeNames: { '#children': 'child_accounts', '#account': child.broker_id, ...foldNames },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':minusOne': -1, ':grpBrokerId': child.grp_broker_id, ':zero': 0, ...foldValues },
      },
    },
  ]);
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

const BATCH_WRITE_LIMIT = 25;

async function deleteGroupOrderRecords(owner: GroupOwner, grpId: string): Promise<void> {
  const keys: Record<string, unknown>[] = (await queryAll(userKeys.partition(owner.frchId, owner.userId), groupOrderKeys.prefix(grpId))).map((item) => ({ PK: item.PK, SK: item.SK }));
  for (let start = 0; start < keys.length; start += BATCH_WRITE_LIMIT) {
    let requests = keys.slice(start, start + BATCH_WRITE_LIMIT).map((Key) => ({ DeleteRequest: { Key } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (UnprocessedItems?.[tableName()] ?? []).flatMap((request) => (request.DeleteRequest?.Key ? [{ DeleteRequest: { Key: request.DeleteRequest.Key } }] : []));
    }
  }
}

/** `ADD` of `delta` on the counters of one item, holding only while the item exists and no counter would go below zero. */
function countsUpdate(key: ItemKey, delta: GroupOrderCountsDelta, stamp: string | null) {
  const changes = Object.entries(delta).filter(([, amount]) => amount !== undefined && amount !== 0) as [GroupOrderCounter, number][];
  if (changes.length === 0) throw new Error('A group counter update needs at least one non-zero change');
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const additions: string[] = [];
  const floors: string[] = [];
  changes.forEach(([counter, amount], index) => {
    if (!Number.isInteger(amount)) throw new Error(`Counter ${counter} must change by a whole number, not ${amount}`);
    names[`#c${index}`] = counter;
    values[`:d${index}`] = amount;
    additions.push(`#c${index} :d${index}`);
    if (amount < 0) {
      values[`:floor${index}`] = -amount;
      floors.push(`#c${index} >= :floor${index}`);
    }
  });
  if (stamp !== null) values[':now'] = stamp;
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `${stamp === null ? '' : 'SET updatedAt = :now '}ADD ${additions.join(', ')}`,
    ConditionExpression: ['attribute_exists(PK)', ...floors].join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * The update of the group item's own order counters by `delta`, for a transaction: it holds only
 * while the group exists and no counter would go below zero.
 */
export function groupOrderCountsUpdate(owner: GroupOwner, grpId: string, delta: GroupOrderCountsDelta, now = clockNow()) {
  return countsUpdate(groupKey(owner, grpId), delta, now.toISOString());
}

/**
 * The counter update an order write of a group's order carries in its own transaction: on the item of
 * the order's child (or the group item for the master's order). It fails when that item is gone (the
 * child was removed or the group deleted), so no order is counted on nothing.
 */
export function linkedOrderCountsUpdate(owner: GroupOwner, link: GroupOrderLink, delta: GroupOrderCountsDelta, now = clockNow()): TransactItem {
  const update =
    link.grp_broker_id === null
      ? groupOrderCountsUpdate(owner, link.grp_id, delta, now)
      : countsUpdate(childKey(owner, link.grp_id, link.grp_broker_id), delta, null);
  return { Update: update };
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

/**
 * One target of a group order: the master or a child, what it was asked to trade, and what came of
 * it. `order_key` is the idempotency key of its order, derived from the group order and the target,
 * so placing again (a retried request, a crash) finds the first order instead of sending another.
 */
export const groupOrderTargetSchema = z.object({
  role: z.enum(['master', 'child']),
  grp_broker_id: z.string().nullable(),
  broker_id: z.string(),
  multiplier: z.number(),
  /** Units to order; 0 when the target was skipped. */
  quantity: z.number().int().min(0),
  /** Null when the target was skipped before any order. */
  order_key: z.string().nullable(),
  /** Set once the target's order is known. */
  order_id: z.string().nullable(),
  /** Why no order was placed (or why placing it failed). */
  reason: z.string().nullable(),
});
export type GroupOrderTarget = z.infer<typeof groupOrderTargetSchema>;

/** A group order (`placeorder` on a group): the ticket, who asked, and its targets; `placing` until every target's outcome is recorded. */
export const groupOrderItemSchema = z.object({
  group_order_id: z.string(),
  grp_id: z.string(),
  instrument: instrumentSchema,
  transaction_type: actionSchema,
  order_type: orderTypeSchema,
  product: productSchema,
  /** The master quantity, in units, that each child's multiplier applies to. */
  quantity: z.number().int(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  origin: orderOriginSchema,
  placed_by: z.number().int(),
  idempotency_key: z.string(),
  fingerprint: z.string(),
  state: z.enum(['placing', 'placed']),
  targets: z.array(groupOrderTargetSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupOrderItem = z.infer<typeof groupOrderItemSchema>;
export type NewGroupOrder = Omit<GroupOrderItem, 'state' | 'createdAt' | 'updatedAt'>;

export type GroupOrderWrite = { readonly kind: 'written'; readonly record: GroupOrderItem } | { readonly kind: 'key-used' };

/** The group order with its targets as planned, and the client's idempotency record, in one transaction. */
export async function createGroupOrder(owner: GroupOwner, record: NewGroupOrder, now: Date): Promise<GroupOrderWrite> {
  const stamp = now.toISOString();
  const item: GroupOrderItem = { ...record, state: 'placing', createdAt: stamp, updatedAt: stamp };
  const written = await transactIfConditionsHold([
    {
      Put: {
        TableName: tableName(),
        Item: { ...groupOrderKeys.item(owner, record.grp_id, record.group_order_id), entity: 'group-order', ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...idempotencyKeys.item(owner.frchId, owner.userId, GROUP_PLACE_ORDER_OPERATION, record.idempotency_key),
          entity: 'idempotency',
          fingerprint: record.fingerprint,
          outcome: { grp_id: record.grp_id, group_order_id: record.group_order_id },
          createdAt: stamp,
          expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  return written ? { kind: 'written', record: item } : { kind: 'key-used' };
}

const groupPlacementSchema = z.object({ grp_id: z.string(), group_order_id: z.string() });

/** The group order a client key started: its fingerprint and ids, or null when the key is new. */
export async function findGroupPlacement(owner: GroupOwner, key: string): Promise<{ readonly fingerprint: string; readonly grpId: string; readonly groupOrderId: string } | null> {
  const record = await getIdempotencyRecord(owner, GROUP_PLACE_ORDER_OPERATION, key);
  if (!record) return null;
  const placement = groupPlacementSchema.parse(record.outcome);
  return { fingerprint: record.fingerprint, grpId: placement.grp_id, groupOrderId: placement.group_order_id };
}

export async function getGroupOrder(owner: GroupOwner, grpId: string, groupOrderId: string): Promise<GroupOrderItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: groupOrderKeys.item(owner, grpId, groupOrderId), ConsistentRead: true }));
  return Item ? groupOrderItemSchema.parse(Item) : null;
}

/** Every target's outcome, written once when the fan-out ends: the group order is then `placed`. */
export async function recordGroupOrderTargets(owner: GroupOwner, record: GroupOrderItem, targets: readonly GroupOrderTarget[], now: Date): Promise<GroupOrderItem> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: groupOrderKeys.item(owner, record.grp_id, record.group_order_id),
      UpdateExpression: 'SET targets = :targets, #state = :placed, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':targets': targets, ':placed': 'placed', ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return groupOrderItemSchema.parse(Attributes);
}

/** The scripts a group has placed orders in (read from its group orders' tickets). */
export async function scriptsTradedByGroup(owner: GroupOwner, grpId: string): Promise<Set<string>> {
  const items = await queryAll(userKeys.partition(owner.frchId, owner.userId), groupOrderKeys.prefix(grpId));
  return new Set(items.map((item) => groupOrderItemSchema.shape.instrument.parse(item.instrument).script_id));
}

/**
 * Master mirroring (issue 5, part 3): the groups with a master, found through the sparse indexes their
 * group items carry while the master is connected.
 */
export interface MirroredGroupRef {
  readonly owner: GroupOwner;
  readonly grpId: string;
  readonly masterAccountId: string;
}

function mirroredGroupRefOf(item: Record<string, unknown>, sortKey: unknown): MirroredGroupRef | null {
  const named = typeof sortKey === 'string' ? groupMasterIndexKeys.ownerOf(sortKey) : null;
  const master = item.master_broker_id;
  if (!named || typeof master !== 'string') return null;
  return { owner: { frchId: named.frchId, userId: named.userId }, grpId: named.grpId, masterAccountId: master };
}

async function* queryIndex(indexName: 'GSI1' | 'GSI2', partition: string): AsyncGenerator<Record<string, unknown>> {
  const keyName = `${indexName}PK`;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': keyName },
        ExpressionAttributeValues: { ':pk': partition },
        ExclusiveStartKey: startKey,
      }),
    );
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every group that has a master now, over all shards (the index is eventually consistent: re-read each group before acting). */
export async function* listMirroredGroups(): AsyncGenerator<MirroredGroupRef> {
  for (let shard = 0; shard < groupMasterIndexKeys.shards; shard += 1) {
    for await (const item of queryIndex('GSI1', groupMasterIndexKeys.partition(shard))) {
      const ref = mirroredGroupRefOf(item, item.GSI1SK);
      if (ref) yield ref;
    }
  }
}

/** The groups of one franchise whose master is this account (an account has one owner, so one owner's groups). */
export async function listGroupsMasteredBy(frchId: number, accountId: string): Promise<MirroredGroupRef[]> {
  const refs: MirroredGroupRef[] = [];
  for await (const item of queryIndex('GSI2', groupMasterIndexKeys.accountPartition(frchId, accountId))) {
    const ref = mirroredGroupRefOf(item, item.GSI2SK);
    if (ref) refs.push(ref);
  }
  return refs;
}

/**
 * The baseline of a group's mirroring: the broker order ids on the master's book when it was connected
 * (`connected_at` is the group's `master_connected_at`). Those orders are never copied; a new
 * connection (a later instant) replaces the baseline of the previous one.
 */
export const mirrorBaselineItemSchema = z.object({
  grp_id: z.string(),
  master_broker_id: z.string(),
  connected_at: z.string(),
  broker_order_ids: z.array(z.string()),
  createdAt: z.string(),
});
export type MirrorBaselineItem = z.infer<typeof mirrorBaselineItemSchema>;

export async function getMirrorBaseline(owner: GroupOwner, grpId: string): Promise<MirrorBaselineItem | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: groupMirrorKeys.baseline(owner.frchId, owner.userId, grpId), ConsistentRead: true }),
  );
  return Item ? mirrorBaselineItemSchema.parse(Item) : null;
}

/** Writes the baseline of a connection unless one of this or a later connection is there already (false then: read it). */
export async function putMirrorBaseline(owner: GroupOwner, baseline: Omit<MirrorBaselineItem, 'createdAt'>, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...groupMirrorKeys.baseline(owner.frchId, owner.userId, baseline.grp_id), entity: 'group-mirror-baseline', ...baseline, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK) OR connected_at < :connectedAt',
        ExpressionAttributeValues: { ':connectedAt': baseline.connected_at },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * One master order as a group has seen it (`MIRROR#…`): its conditional put is the claim that makes
 * the copy happen once. `copying` names the group order (and its idempotency key) the children's
 * orders are placed under until the fan-out has finished (`copied`); `skipped` and `failed` carry the
 * reason nothing was copied. `master` is the master's ticket as the children mirror it now; a change
 * of the master's order is applied by whoever takes `change_lease_until` with the version read.
 */
export const MIRROR_STATES = ['copying', 'copied', 'skipped', 'failed'] as const;
export type MirrorState = (typeof MIRROR_STATES)[number];

export const mirroredTicketSchema = z.object({
  status: orderStatusSchema,
  order_type: orderTypeSchema.nullable(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
});
export type MirroredTicket = z.infer<typeof mirroredTicketSchema>;

export const groupMirrorItemSchema = z.object({
  grp_id: z.string(),
  master_broker_id: z.string(),
  broker_order_id: z.string(),
  state: z.enum(MIRROR_STATES),
  reason: z.string().nullable(),
  group_order_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  /** The copied ticket's script and side (null when the row could not be read as a ticket). */
  instrument: instrumentSchema.nullable(),
  transaction_type: actionSchema.nullable(),
  product: productSchema,
  master: mirroredTicketSchema,
  change_lease_until: z.string().nullable(),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupMirrorItem = z.infer<typeof groupMirrorItemSchema>;
export type NewGroupMirror = Omit<GroupMirrorItem, 'change_lease_until' | 'v' | 'createdAt' | 'updatedAt'>;

const mirrorKey = (owner: GroupOwner, mirror: Pick<GroupMirrorItem, 'grp_id' | 'master_broker_id' | 'broker_order_id'>) =>
  groupMirrorKeys.record(owner.frchId, owner.userId, mirror.grp_id, mirror.master_broker_id, mirror.broker_order_id);

/**
 * Claims a master order for a group: written only if no record of it exists. Null when another poller
 * (or postback) claimed it first. `expiresAt` (epoch seconds) lets records of day-long books go; a
 * book that keeps every order (paper) needs its records for as long, so they do not expire.
 */
export async function claimGroupMirror(owner: GroupOwner, mirror: NewGroupMirror, expiresAt: number | null, now: Date): Promise<GroupMirrorItem | null> {
  const stamp = now.toISOString();
  const item: GroupMirrorItem = { ...mirror, change_lease_until: null, v: 0, createdAt: stamp, updatedAt: stamp };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...mirrorKey(owner, mirror), entity: 'group-mirror', ...item, ...(expiresAt === null ? {} : { expiresAt }) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return item;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The records of every master order a group has seen on one master account. */
export async function listGroupMirrors(owner: GroupOwner, grpId: string, accountId: string): Promise<GroupMirrorItem[]> {
  const items = await queryAll(userKeys.partition(owner.frchId, owner.userId), groupMirrorKeys.recordPrefix(grpId, accountId), true);
  return items.map((item) => groupMirrorItemSchema.parse(item));
}

async function updateGroupMirror(
  owner: GroupOwner,
  mirror: GroupMirrorItem,
  set: Readonly<Record<string, unknown>>,
  condition: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
  now: Date,
): Promise<GroupMirrorItem | null> {
  const { assignments, names, values } = assignmentsOf(set, now);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: mirrorKey(owner, mirror),
        UpdateExpression: `SET ${assignments.join(', ')} ADD #version :one`,
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: { ...names, ...condition.names, '#version': 'v' },
        ExpressionAttributeValues: { ...values, ...condition.values, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return groupMirrorItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Ends a copy (`copied`, or `failed` with the reason); null when it had ended already. */
export function finishGroupMirror(owner: GroupOwner, mirror: GroupMirrorItem, state: 'copied' | 'failed', reason: string | null, now: Date): Promise<GroupMirrorItem | null> {
  return updateGroupMirror(owner, mirror, { state, reason }, { expression: '#state = :copying', names: { '#state': 'state' }, values: { ':copying': 'copying' } }, now);
}

/**
 * Takes the right to apply a change of the master's order to the children: only with the version read
 * and while nobody else holds an unexpired lease. Null when another poller took it (or changed the
 * record) first; a lease left by a crash expires, and the change is taken up again.
 */
export function leaseGroupMirrorChange(owner: GroupOwner, mirror: GroupMirrorItem, leaseUntil: Date, now: Date): Promise<GroupMirrorItem | null> {
  return updateGroupMirror(
    owner,
    mirror,
    { change_lease_until: leaseUntil.toISOString() },
    {
      expression: '#version = :read AND (attribute_type(#lease, :null) OR #lease < :now)',
      names: { '#lease': 'change_lease_until' },
      values: { ':read': mirror.v, ':null': 'NULL', ':now': now.toISOString() },
    },
    now,
  );
}

/** Records the master's ticket the children now mirror and releases the lease taken for it. */
export function recordGroupMirrorChange(owner: GroupOwner, leased: GroupMirrorItem, master: MirroredTicket, now: Date): Promise<GroupMirrorItem | null> {
  return updateGroupMirror(owner, leased, { master, change_lease_until: null }, { expression: '#version = :read', values: { ':read': leased.v } }, now);
}
