import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { brokerKindSchema } from '../../../shared/contracts/broker';
import { subscriptionEndReasonSchema, subscriptionSourceSchema } from '../../../shared/contracts/strategy-subscriptions';
import { dynamo } from '../../platform/clients';
import { queryAllPages, queryPages, tableName, type TransactItem } from '../table';
import { STRATEGY_SUBSCRIPTION_PREFIX, strategySubscriptionKeys } from './strategy-subscription-keys';

/** Whose subscription: the subscriber (a user of a franchise). */
export interface SubscriberOwner {
  readonly frchId: number;
  readonly userId: number;
}

/**
 * A strategy's follower row (owner's partition): the user and its current or last subscription. The
 * source of truth for whether a subscription runs (`state`), written only under a condition on its
 * version `v`, in the same transaction as everything the change moves (wallet, fan-out child, counters).
 */
export const followerFieldsSchema = z.object({
  frch_id: z.number().int(),
  owner_user_id: z.number().int(),
  grp_id: z.string(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subscription_id: z.string(),
  strategy_name: z.string(),
  plan_id: z.string(),
  plan_label: z.string(),
  broker_id: z.string(),
  broker: brokerKindSchema,
  account_name: z.string(),
  multiplier: z.number(),
  since: z.string(),
  until: z.string(),
  auto_renew: z.boolean(),
  price_paise: z.number().int(),
  source: subscriptionSourceSchema,
  state: z.enum(['active', 'ended']),
  ended_at: z.string().nullable(),
  end_reason: subscriptionEndReasonSchema.nullable(),
  /** The fan-out child the account trades through; `child_removed` once it left the group. */
  grp_broker_id: z.string(),
  child_removed: z.boolean(),
  /** The period end the renewal notice was sent for (once per period). */
  renewal_notice_for: z.string().nullable(),
  /** When the schedule must next look at this row (null: nothing to do). */
  renewal_due_at: z.string().nullable(),
});
export type FollowerFields = z.infer<typeof followerFieldsSchema>;
export const followerItemSchema = followerFieldsSchema.extend({ v: z.number().int(), createdAt: z.string(), updatedAt: z.string() });
export type FollowerItem = z.infer<typeof followerItemSchema>;

/** The subscriber's own record of one subscription (its partition): what its Strategy views list. */
export const strategySubscriptionItemSchema = z.object({
  subscription_id: z.string().min(1),
  group_strategy_id: z.string(),
  owner_user_id: z.number().int(),
  strategy_name: z.string(),
  plan_id: z.string(),
  plan_label: z.string(),
  broker_id: z.string(),
  broker: brokerKindSchema,
  account_name: z.string(),
  multiplier: z.number().positive(),
  since: z.string(),
  until: z.string(),
  ended_at: z.string().nullable(),
  end_reason: subscriptionEndReasonSchema.nullable(),
  auto_renew: z.boolean(),
  price_paise: z.number().int(),
  source: subscriptionSourceSchema,
});
export type StrategySubscription = z.infer<typeof strategySubscriptionItemSchema>;

/** What a subscribe request recorded under its idempotency key. */
export interface SubscribeRequestRecord {
  readonly subscription_id: string;
  readonly fingerprint: string;
}

const followerKey = (fields: Pick<FollowerFields, 'frch_id' | 'owner_user_id' | 'grp_id' | 'user_id'>) =>
  strategySubscriptionKeys.follower(fields.frch_id, fields.owner_user_id, fields.grp_id, fields.user_id);

export function subscriptionOfFollower(fields: FollowerFields): StrategySubscription {
  return {
    subscription_id: fields.subscription_id,
    group_strategy_id: fields.grp_id,
    owner_user_id: fields.owner_user_id,
    strategy_name: fields.strategy_name,
    plan_id: fields.plan_id,
    plan_label: fields.plan_label,
    broker_id: fields.broker_id,
    broker: fields.broker,
    account_name: fields.account_name,
    multiplier: fields.multiplier,
    since: fields.since,
    until: fields.until,
    ended_at: fields.ended_at,
    end_reason: fields.end_reason,
    auto_renew: fields.auto_renew,
    price_paise: fields.price_paise,
    source: fields.source,
  };
}

/**
 * The follower row's next state, written only if the row is as read (`before`; null: there is none yet)
 * — so of two requests racing on one user and strategy, one wins and the other's transaction fails.
 */
export function followerWriteItem(before: FollowerItem | null, next: FollowerFields, now: Date): TransactItem {
  const stamp = now.toISOString();
  const due = next.renewal_due_at === null ? {} : strategySubscriptionKeys.renewal(next.frch_id, next.owner_user_id, next.grp_id, next.user_id, next.renewal_due_at);
  return {
    Put: {
      TableName: tableName(),
      Item: { ...followerKey(next), entity: 'strategy-follower', ...next, ...due, v: (before?.v ?? 0) + 1, createdAt: before?.createdAt ?? stamp, updatedAt: stamp },
      ConditionExpression: before === null ? 'attribute_not_exists(PK)' : 'v = :v',
      ...(before === null ? {} : { ExpressionAttributeValues: { ':v': before.v } }),
    },
  };
}

/** The subscriber's record of the follower row's subscription (new: only if not there yet). */
export function subscriberRecordItem(next: FollowerFields, isNew: boolean, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...strategySubscriptionKeys.item(next.frch_id, next.user_id, next.subscription_id),
        entity: 'strategy-subscription',
        frch_id: next.frch_id,
        user_id: next.user_id,
        ...subscriptionOfFollower(next),
        updatedAt: now.toISOString(),
      },
      ConditionExpression: isNew ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
    },
  };
}

/** The subscribe request's record under the caller's idempotency key (written once). */
export function subscribeRequestItem(frchId: number, subscriberId: number, callerId: number, key: string, record: SubscribeRequestRecord, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...strategySubscriptionKeys.request(frchId, subscriberId, callerId, key), entity: 'strategy-subscribe-request', ...record, createdAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function getSubscribeRequest(frchId: number, subscriberId: number, callerId: number, key: string): Promise<SubscribeRequestRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: strategySubscriptionKeys.request(frchId, subscriberId, callerId, key), ConsistentRead: true }),
  );
  return Item ? { subscription_id: String(Item.subscription_id), fingerprint: String(Item.fingerprint) } : null;
}

export async function getFollower(frchId: number, ownerId: number, grpId: string, userId: number): Promise<FollowerItem | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: strategySubscriptionKeys.follower(frchId, ownerId, grpId, userId), ConsistentRead: true }),
  );
  return Item ? followerItemSchema.parse(Item) : null;
}

/** Every follower row of a strategy (the USERS tab), in user id order. */
export async function listFollowers(frchId: number, ownerId: number, grpId: string): Promise<FollowerItem[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': strategySubscriptionKeys.partition(frchId, ownerId), ':prefix': strategySubscriptionKeys.followersPrefix(grpId) },
    ConsistentRead: true,
  });
  return items.map((item) => followerItemSchema.parse(item));
}

export async function getStrategySubscription(owner: SubscriberOwner, subscriptionId: string): Promise<StrategySubscription | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: strategySubscriptionKeys.item(owner.frchId, owner.userId, subscriptionId), ConsistentRead: true }),
  );
  return Item ? strategySubscriptionItemSchema.parse(Item) : null;
}

/** Every subscription of the subscriber, newest first (ids are ULIDs, so the sort key is the order taken). */
export async function listStrategySubscriptions(owner: SubscriberOwner): Promise<StrategySubscription[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': strategySubscriptionKeys.partition(owner.frchId, owner.userId), ':prefix': STRATEGY_SUBSCRIPTION_PREFIX },
    ScanIndexForward: false,
  });
  return items.map((item) => strategySubscriptionItemSchema.parse(item));
}

/** Follower rows the schedule must look at by `nowIso` (optionally of one franchise: tests run their own). */
export async function* listDueFollowers(nowIso: string, onlyFrchId?: number): AsyncGenerator<FollowerItem> {
  const franchise = onlyFrchId === undefined ? {} : { FilterExpression: 'frch_id = :frch' };
  for (let shard = 0; shard < strategySubscriptionKeys.renewalShards; shard += 1) {
    const pages = queryPages({
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :until',
      ...franchise,
      ExpressionAttributeValues: {
        ':pk': strategySubscriptionKeys.renewalPartition(shard),
        ':until': strategySubscriptionKeys.renewalUntil(nowIso),
        ...(onlyFrchId === undefined ? {} : { ':frch': onlyFrchId }),
      },
    });
    for await (const page of pages) for (const raw of page.items) yield followerItemSchema.parse(raw);
  }
}
