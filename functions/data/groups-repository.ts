import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { brokerKindSchema } from '../../shared/contracts/broker';
import { GROUP_COUNTERS, groupCountersSchema, type GroupCounters, type GroupOrderCounter } from '../../shared/contracts/groups';
import { visibilitySchema } from '../../shared/domain/ranges';
import { dynamo } from '../platform/clients';
import { groupKeys, userKeys } from './keys';
import { isConditionFailure, tableName } from './table';

/**
 * Copy-trading groups in the owner's partition (docs/data-model.md):
 * - the group item `GROUP#<grp_id>`: settings, the master account, the counters of spec §3, and
 *   `child_accounts` (broker account id → grp_broker_id), which keeps an account in a group once and
 *   keeps the master out of the children by the same conditional write;
 * - one child item per group broker, `GROUPCHILD#<grp_id>#<grp_broker_id>`.
 * Adding or removing a child changes the child item, `child_accounts` and `group_broker_count` in one
 * transaction, so the count never drifts from the children. Order counters change only through
 * `groupOrderCountsUpdate`, which part 2 puts in the same transaction as each child order's write.
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupChildItem = z.infer<typeof groupChildItemSchema>;
export type NewGroupChild = Omit<GroupChildItem, 'createdAt' | 'updatedAt'>;
export type GroupChildSettings = Partial<Pick<GroupChildItem, 'multiplier' | 'trading_enabled'>>;

/** A change of the order counters: positive or negative amounts by counter. */
export type GroupOrderCountsDelta = Partial<Readonly<Record<GroupOrderCounter, number>>>;

const ZERO_COUNTERS: GroupCounters = groupCountersSchema.parse(Object.fromEntries(GROUP_COUNTERS.map((name) => [name, 0])));
const MAX_TRANSACTION_ATTEMPTS = 3;

const groupKey = (owner: GroupOwner, grpId: string) => groupKeys.group(owner.frchId, owner.userId, grpId);
const childKey = (owner: GroupOwner, grpId: string, grpBrokerId: string) => groupKeys.child(owner.frchId, owner.userId, grpId, grpBrokerId);

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** Runs a transaction: true when written, false when a condition failed; retried on a conflict with a concurrent transaction. */
async function transactIfConditionsHold(items: TransactItems): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
      if (codes.includes('ConditionalCheckFailed')) return false;
      if (!codes.includes('TransactionConflict') || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error;
    }
  }
}

async function queryAll(partition: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** `SET` assignments for plain attributes, with the names and values they use. */
function assignmentsOf(set: Readonly<Record<string, unknown>>, now: Date) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const assignments = Object.entries({ ...set, updatedAt: now.toISOString() }).map(([name, value], index) => {
    names[`#s${index}`] = name;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  return { assignments, names, values };
}

export async function createGroup(owner: GroupOwner, group: NewGroup, now = new Date()): Promise<GroupItem> {
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

export async function getGroup(owner: GroupOwner, grpId: string): Promise<GroupItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: groupKey(owner, grpId), ConsistentRead: true }));
  return Item ? groupItemSchema.parse(Item) : null;
}

/** The owner's groups, oldest first (ULID ids sort by creation). */
export async function listGroups(owner: GroupOwner): Promise<GroupItem[]> {
  const items = await queryAll(userKeys.partition(owner.frchId, owner.userId), groupKeys.groupPrefix);
  return items.map((item) => groupItemSchema.parse(item));
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
    return groupItemSchema.parse(Attributes);
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
export function updateGroupSettings(owner: GroupOwner, grpId: string, settings: GroupSettings, now = new Date()): Promise<GroupItem | null> {
  return setGroupAttributes(owner, grpId, settings, now);
}

/** Makes an account the master; null when the group is gone or the account is one of its children. */
export function setGroupMaster(owner: GroupOwner, grpId: string, accountId: string, now = new Date()): Promise<GroupItem | null> {
  const { assignments, names, values } = assignmentsOf({ master_broker_id: accountId, master_connected_at: now.toISOString() }, now);
  return updateGroupItem(owner, grpId, {
    expression: `SET ${assignments.join(', ')}`,
    condition: 'attribute_exists(PK) AND attribute_not_exists(#children.#account)',
    names: { ...names, '#children': 'child_accounts', '#account': accountId },
    values,
  });
}

/** Clears the master; null when the owner has no such group. */
export function clearGroupMaster(owner: GroupOwner, grpId: string, now = new Date()): Promise<GroupItem | null> {
  return setGroupAttributes(owner, grpId, { master_broker_id: null, master_connected_at: null }, now);
}

/**
 * Adds a child: the group records the account (only if it is neither a child already nor the master,
 * and the group has room) and counts it, and the child item is written, in one transaction. Null when
 * a condition failed; the caller re-reads the group to say which.
 */
export async function addGroupChild(owner: GroupOwner, child: NewGroupChild, maxChildren: number, now = new Date()): Promise<GroupChildItem | null> {
  const stamp = now.toISOString();
  const item: GroupChildItem = { ...child, createdAt: stamp, updatedAt: stamp };
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
  return Item ? groupChildItemSchema.parse(Item) : null;
}

/** A group's children in the order added (ULID ids). */
export async function listGroupChildren(owner: GroupOwner, grpId: string): Promise<GroupChildItem[]> {
  const items = await queryAll(userKeys.partition(owner.frchId, owner.userId), groupKeys.childPrefix(grpId));
  return items.map((item) => groupChildItemSchema.parse(item));
}

/** Changes a child's multiplier or trading flag; null when the owner's group has no such child. */
export async function updateGroupChild(owner: GroupOwner, grpId: string, grpBrokerId: string, settings: GroupChildSettings, now = new Date()): Promise<GroupChildItem | null> {
  const { assignments, names, values } = assignmentsOf(settings, now);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: childKey(owner, grpId, grpBrokerId),
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return groupChildItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Removes a child and uncounts it in one transaction; false when it was already gone. */
export function removeGroupChild(owner: GroupOwner, child: GroupChildItem, now = new Date()): Promise<boolean> {
  return transactIfConditionsHold([
    { Delete: { TableName: tableName(), Key: childKey(owner, child.grp_id, child.grp_broker_id), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, child.grp_id),
        UpdateExpression: 'REMOVE #children.#account SET updatedAt = :now ADD group_broker_count :minusOne',
        ConditionExpression: '#children.#account = :grpBrokerId AND group_broker_count > :zero',
        ExpressionAttributeNames: { '#children': 'child_accounts', '#account': child.broker_id },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':minusOne': -1, ':grpBrokerId': child.grp_broker_id, ':zero': 0 },
      },
    },
  ]);
}

/**
 * Deletes the group with the children read, in one transaction, only while no child order is
 * pending (`pending_quantity` = 0) and the children are still those read (`group_broker_count`).
 * False when a condition failed; the caller re-reads to say why. Part 2's order writes require the
 * group item to exist, so no order can be counted on a group once it is deleted.
 */
export function deleteGroupWithChildren(owner: GroupOwner, group: GroupItem, children: readonly GroupChildItem[]): Promise<boolean> {
  return transactIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: groupKey(owner, group.grp_id),
        ConditionExpression: 'attribute_exists(PK) AND pending_quantity = :zero AND group_broker_count = :children',
        ExpressionAttributeValues: { ':zero': 0, ':children': children.length },
      },
    },
    ...children.map((child) => ({
      Delete: { TableName: tableName(), Key: childKey(owner, child.grp_id, child.grp_broker_id), ConditionExpression: 'attribute_exists(PK)' },
    })),
  ]);
}

/**
 * The update of the order counters by `delta`, for a transaction: it holds only while the group
 * exists and no counter would go below zero. Part 2 puts it in the same transaction as the child
 * order write whose status it counts, so counters and orders cannot drift apart.
 */
export function groupOrderCountsUpdate(owner: GroupOwner, grpId: string, delta: GroupOrderCountsDelta, now = new Date()) {
  const changes = Object.entries(delta).filter(([, amount]) => amount !== undefined && amount !== 0) as [GroupOrderCounter, number][];
  if (changes.length === 0) throw new Error('A group counter update needs at least one non-zero change');
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': now.toISOString() };
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
  return {
    TableName: tableName(),
    Key: groupKey(owner, grpId),
    UpdateExpression: `SET updatedAt = :now ADD ${additions.join(', ')}`,
    ConditionExpression: ['attribute_exists(PK)', ...floors].join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Applies `delta` to the order counters in one conditional update; null when the group is gone or a counter would go negative. */
export async function recordGroupOrderCounts(owner: GroupOwner, grpId: string, delta: GroupOrderCountsDelta, now = new Date()): Promise<GroupItem | null> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...groupOrderCountsUpdate(owner, grpId, delta, now), ReturnValues: 'ALL_NEW' }));
    return groupItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
