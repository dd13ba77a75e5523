import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { queryAllPages, tableName } from '../table';
import { STRATEGY_SUBSCRIPTION_PREFIX, strategySubscriptionKeys } from './strategy-subscription-keys';

/** Whose subscription: the subscriber (a user of a franchise). */
export interface SubscriberOwner {
  readonly frchId: number;
  readonly userId: number;
}

/**
 * A user's subscription to a group strategy, as stored. The strategies issue writes them when a user
 * subscribes (`putStrategySubscription`); until then nothing does. Whether it is active is not stored:
 * it follows from `until` against the clock.
 */
export const strategySubscriptionItemSchema = z.object({
  subscription_id: z.string().min(1),
  group_strategy_id: z.number().int(),
  strategy_name: z.string(),
  plan_label: z.string(),
  broker_id: z.string(),
  multiplier: z.number().positive(),
  /** ISO instants: the subscription runs from `since` until `until`. */
  since: z.string(),
  until: z.string(),
  auto_renew: z.boolean(),
});
export type StrategySubscription = z.infer<typeof strategySubscriptionItemSchema>;

/** Writes (or replaces) one subscription of the subscriber. */
export async function putStrategySubscription(owner: SubscriberOwner, subscription: StrategySubscription, now = clockNow()): Promise<void> {
  const fields = strategySubscriptionItemSchema.parse(subscription);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...strategySubscriptionKeys.item(owner.frchId, owner.userId, fields.subscription_id),
        entity: 'strategy-subscription',
        frch_id: owner.frchId,
        user_id: owner.userId,
        ...fields,
        updatedAt: now.toISOString(),
      },
    }),
  );
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
