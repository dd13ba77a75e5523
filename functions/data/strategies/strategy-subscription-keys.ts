import { userKeys, type ItemKey } from '../keys';

/**
 * A user's group-strategy subscriptions live in the subscriber's partition, `STRATSUB#<subscription id>`
 * (ids are ULIDs: the sort key order is the order they were taken, so newest first is one backwards Query).
 */
export const STRATEGY_SUBSCRIPTION_PREFIX = 'STRATSUB#';

export const strategySubscriptionKeys = {
  item: (frchId: number, userId: number, subscriptionId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `${STRATEGY_SUBSCRIPTION_PREFIX}${subscriptionId}`,
  }),
  partition: (frchId: number, userId: number) => userKeys.partition(frchId, userId),
};
