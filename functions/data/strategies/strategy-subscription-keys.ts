import { userKeys, type ItemKey } from '../keys';

/**
 * Keys of group-strategy subscriptions (issue 21):
 * - the subscriber's own record of each subscription, `STRATSUB#<subscription id>` in its partition
 *   (ULID ids: newest first is one backwards Query);
 * - the strategy's follower row, `STRATUSER#<grp_id>#<user id>` in the strategy owner's partition: one per
 *   user and strategy, holding its current (or last) subscription — the USERS tab is one Query, and "one
 *   running subscription per user" is this item's condition;
 * - the request record of a subscribe call, `STRATSUBKEY#<caller id>#<key>` in the subscriber's partition:
 *   the client's idempotency key names the subscription it started;
 * - GSI3 on a follower row while it needs the schedule: `STRATRENEW#<shard>` / `<due ISO>#<frch>#<owner>#<grp>#<user>`
 *   (the renewal notice, the renewal or expiry, and removing an ended subscriber's account from the fan-out).
 */
export const STRATEGY_SUBSCRIPTION_PREFIX = 'STRATSUB#';
const RENEWAL_SHARDS = 4;

function shardOf(text: string): number {
  let sum = 0;
  for (const char of text) sum = (sum + char.charCodeAt(0)) % RENEWAL_SHARDS;
  return sum;
}

export const strategySubscriptionKeys = {
  item: (frchId: number, userId: number, subscriptionId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `${STRATEGY_SUBSCRIPTION_PREFIX}${subscriptionId}`,
  }),
  partition: (frchId: number, userId: number) => userKeys.partition(frchId, userId),

  follower: (frchId: number, ownerId: number, grpId: string, userId: number): ItemKey => ({
    PK: userKeys.partition(frchId, ownerId),
    SK: `STRATUSER#${grpId}#${String(userId).padStart(10, '0')}`,
  }),
  followersPrefix: (grpId: string) => `STRATUSER#${grpId}#`,

  request: (frchId: number, subscriberId: number, callerId: number, key: string): ItemKey => ({
    PK: userKeys.partition(frchId, subscriberId),
    SK: `STRATSUBKEY#${callerId}#${key}`,
  }),

  renewalShards: RENEWAL_SHARDS,
  renewalPartition: (shard: number) => `STRATRENEW#${shard}`,
  renewal: (frchId: number, ownerId: number, grpId: string, userId: number, dueIso: string) => ({
    GSI3PK: `STRATRENEW#${shardOf(`${grpId}${userId}`)}`,
    GSI3SK: `${dueIso}#${frchId}#${ownerId}#${grpId}#${userId}`,
  }),
  renewalUntil: (nowIso: string) => `${nowIso}~`,
};
