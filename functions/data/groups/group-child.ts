import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { brokerKindSchema } from '../../../shared/contracts/broker';
import { GROUP_ORDER_COUNTERS, groupOrderCountersSchema, type GroupOrderCounter, type GroupOrderCounters } from '../../../shared/contracts/groups';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { groupKeys } from '../keys';
import { setIfExists, tableName, transactIfConditionsHold } from '../table';
import { childKey, groupKey, queryOwnerPrefix, type GroupOwner } from './group-keys';

/**
 * One child of a copy-trading group, `GROUPCHILD#<grp_id>#<grp_broker_id>` in the owner's partition:
 * its account, multiplier, trading flag and the order counters of its orders. Adding or removing a
 * child changes the child item, the group's `child_accounts` and `group_broker_count` in one
 * transaction, so the count never drifts from the children.
 */
export const groupChildItemSchema = z.object({
  grp_broker_id: z.string(),
  grp_id: z.string(),
  broker_id: z.string(),
  broker: brokerKindSchema,
  multiplier: z.number(),
  trading_enabled: z.boolean(),
  /** A group strategy's subscriber account: whose account it is and the subscription that brought it (both null for the owner's own accounts). */
  account_owner_id: z.number().int().nullable().default(null),
  subscription_id: z.string().nullable().default(null),
  /** A subscriber account trades only until its subscription ends (ISO instant; null: always). */
  active_until: z.string().nullable().default(null),
  /** The order counters of this child's orders. */
  ...groupOrderCountersSchema.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupChildItem = z.infer<typeof groupChildItemSchema>;
type SubscriberLink = 'account_owner_id' | 'subscription_id' | 'active_until';
export type NewGroupChild = Omit<GroupChildItem, 'createdAt' | 'updatedAt' | GroupOrderCounter | SubscriberLink> & Partial<Pick<GroupChildItem, SubscriberLink>>;
export type GroupChildSettings = Partial<Pick<GroupChildItem, 'multiplier' | 'trading_enabled'>>;

export const ZERO_ORDER_COUNTERS: GroupOrderCounters = groupOrderCountersSchema.parse(Object.fromEntries(GROUP_ORDER_COUNTERS.map((name) => [name, 0])));

/** A stored child; one written before group orders existed carries no counters, so it counts zero. */
function parseChild(item: Record<string, unknown>): GroupChildItem {
  return groupChildItemSchema.parse({ ...ZERO_ORDER_COUNTERS, ...item });
}

/**
 * Adds a child: the group records the account (only if it is neither a child already nor the master,
 * and the group has room) and counts it, and the child item is written, in one transaction. Null when
 * a condition failed; the caller re-reads the group to say which.
 */
export async function addGroupChild(owner: GroupOwner, child: NewGroupChild, maxChildren: number, now = clockNow()): Promise<GroupChildItem | null> {
  const stamp = now.toISOString();
  const item: GroupChildItem = { account_owner_id: null, subscription_id: null, active_until: null, ...child, ...ZERO_ORDER_COUNTERS, createdAt: stamp, updatedAt: stamp };
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
  const items = await queryOwnerPrefix(owner, groupKeys.childPrefix(grpId), true);
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
  // A strategy subscriber's account is not one of the owner's group brokers: it never counted in group_broker_count.
  const isSubscriber = child.account_owner_id !== null;
  const additions = [...(isSubscriber ? [] : ['group_broker_count :minusOne']), ...folded.map((_, index) => `#f${index} :f${index}`)];
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
        UpdateExpression: `REMOVE #children.#account SET updatedAt = :now${additions.length > 0 ? ` ADD ${additions.join(', ')}` : ''}`,
        ConditionExpression: isSubscriber ? '#children.#account = :grpBrokerId' : '#children.#account = :grpBrokerId AND group_broker_count > :zero',
        ExpressionAttributeNames: { '#children': 'child_accounts', '#account': child.broker_id, ...foldNames },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':grpBrokerId': child.grp_broker_id,
          ...(isSubscriber ? {} : { ':minusOne': -1, ':zero': 0 }),
          ...foldValues,
        },
      },
    },
  ]);
}
