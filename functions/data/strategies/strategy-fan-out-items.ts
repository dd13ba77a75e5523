import type { BrokerKind } from '../../../shared/domain/brokers';
import { ZERO_ORDER_COUNTERS } from '../groups/group-child';
import { childKey, groupKey, type GroupOwner } from '../groups/group-keys';
import { brokerAccountKeys } from '../keys';
import { tableName, type TransactItem } from '../table';
import { strategyPlanKeys } from './strategy-plan-keys';

/**
 * The transaction items that move a subscriber's account in and out of a strategy's fan-out and keep
 * the strategy's counters (issue 21). A subscriber's account becomes a child of the owner's group
 * (`GROUPCHILD#…` naming the account's owner), listed in the group's `child_accounts` like any child, but
 * counted in `sub_user_count` (users following now) rather than `group_broker_count` (the owner's own
 * accounts). `strategy_subscriptions_count` counts every subscription taken.
 */
export interface SubscriberChild {
  readonly grpBrokerId: string;
  readonly grpId: string;
  readonly brokerId: string;
  readonly broker: BrokerKind;
  readonly multiplier: number;
  readonly subscriberId: number;
  readonly subscriptionId: string;
  readonly activeUntil: string;
}

/** The plan is still offered (exists, not withdrawn). */
export function planOfferedCheck(owner: GroupOwner, grpId: string, planId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: strategyPlanKeys.item(owner.frchId, owner.userId, grpId, planId),
      ConditionExpression: 'attribute_exists(PK) AND attribute_type(withdrawn_at, :null)',
      ExpressionAttributeValues: { ':null': 'NULL' },
    },
  };
}

/** The subscriber's account is connected now. */
export function accountConnectedCheck(frchId: number, userId: number, accountId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: brokerAccountKeys.item(frchId, userId, accountId),
      ConditionExpression: '#status = :connected',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':connected': 'connected' },
    },
  };
}

/** A new subscriber child and the group's record of it: the group is still a strategy with room, the account not in it yet. */
export function subscriberJoinItems(owner: GroupOwner, child: SubscriberChild, maxSubscribers: number, now: Date): TransactItem[] {
  const stamp = now.toISOString();
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...childKey(owner, child.grpId, child.grpBrokerId),
          entity: 'group-child',
          grp_broker_id: child.grpBrokerId,
          grp_id: child.grpId,
          broker_id: child.brokerId,
          broker: child.broker,
          multiplier: child.multiplier,
          trading_enabled: true,
          account_owner_id: child.subscriberId,
          subscription_id: child.subscriptionId,
          active_until: child.activeUntil,
          ...ZERO_ORDER_COUNTERS,
          createdAt: stamp,
          updatedAt: stamp,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, child.grpId),
        UpdateExpression: 'SET #children.#account = :grpBrokerId, updatedAt = :now ADD strategy_subscriptions_count :one, sub_user_count :one',
        ConditionExpression:
          'attribute_exists(PK) AND is_strategy = :true AND attribute_not_exists(#children.#account) AND (master_broker_id <> :account OR attribute_type(master_broker_id, :null)) AND sub_user_count < :max',
        ExpressionAttributeNames: { '#children': 'child_accounts', '#account': child.brokerId },
        ExpressionAttributeValues: { ':grpBrokerId': child.grpBrokerId, ':now': stamp, ':one': 1, ':true': true, ':account': child.brokerId, ':null': 'NULL', ':max': maxSubscribers },
      },
    },
  ];
}

/** A subscription ends: its child trades no more from `endedAt`, and the group counts one follower less. */
export function subscriberLeaveItems(owner: GroupOwner, grpId: string, grpBrokerId: string, endedAt: string, now: Date): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: childKey(owner, grpId, grpBrokerId),
        UpdateExpression: 'SET active_until = :ended, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':ended': endedAt, ':now': now.toISOString() },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, grpId),
        UpdateExpression: 'SET updatedAt = :now ADD sub_user_count :minusOne',
        ConditionExpression: 'attribute_exists(PK) AND sub_user_count >= :one',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':minusOne': -1, ':one': 1 },
      },
    },
  ];
}

/** A running subscription's child follows its new settings: multiplier, period end, or account (no order of the old one still pending). */
export function subscriberChildChangeItems(
  owner: GroupOwner,
  grpId: string,
  grpBrokerId: string,
  change: { readonly multiplier: number; readonly activeUntil: string; readonly account?: { readonly from: string; readonly to: string; readonly broker: BrokerKind } },
  now: Date,
): TransactItem[] {
  const stamp = now.toISOString();
  const childUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: childKey(owner, grpId, grpBrokerId),
      UpdateExpression: `SET multiplier = :multiplier, active_until = :until, updatedAt = :now${change.account ? ', broker_id = :to, broker = :broker' : ''}`,
      ConditionExpression: change.account ? 'attribute_exists(PK) AND broker_id = :from AND pending_quantity = :zero' : 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':multiplier': change.multiplier,
        ':until': change.activeUntil,
        ':now': stamp,
        ...(change.account ? { ':from': change.account.from, ':to': change.account.to, ':broker': change.account.broker, ':zero': 0 } : {}),
      },
    },
  };
  if (!change.account) return [childUpdate];
  return [
    childUpdate,
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(owner, grpId),
        UpdateExpression: 'REMOVE #children.#from SET #children.#to = :grpBrokerId, updatedAt = :now',
        ConditionExpression: '#children.#from = :grpBrokerId AND attribute_not_exists(#children.#to) AND (master_broker_id <> :to OR attribute_type(master_broker_id, :null))',
        ExpressionAttributeNames: { '#children': 'child_accounts', '#from': change.account.from, '#to': change.account.to },
        ExpressionAttributeValues: { ':grpBrokerId': grpBrokerId, ':now': stamp, ':to': change.account.to, ':null': 'NULL' },
      },
    },
  ];
}
