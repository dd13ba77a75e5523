import type { StrategySubscriber, SubscribedStrategy, SubscriptionStatus } from '../../shared/contracts/strategy-subscriptions';
import { rupeesFromPaise } from '../../shared/domain/money';
import { subscriptionOfFollower, type FollowerItem, type StrategySubscription } from '../data/strategies/strategy-subscriptions-repository';

/**
 * How subscriptions are answered. Whether one runs follows from the stored end (`ended_at`, set when it
 * was stopped or expired) and, until the schedule has passed, from `until` against the clock — so a
 * subscription is Expired the moment its period ends, not when the schedule next runs.
 */
export function statusOf(subscription: Pick<StrategySubscription, 'ended_at' | 'until'>, now: Date): SubscriptionStatus {
  return subscription.ended_at === null && Date.parse(subscription.until) > now.getTime() ? 'Active' : 'Expired';
}

export function toSubscribedStrategy(subscription: StrategySubscription, now: Date): SubscribedStrategy {
  return {
    subscription_id: subscription.subscription_id,
    group_strategy_id: subscription.group_strategy_id,
    strategy_name: subscription.strategy_name,
    plan_id: subscription.plan_id,
    plan_label: subscription.plan_label,
    status: statusOf(subscription, now),
    broker_id: subscription.broker_id,
    broker: subscription.broker,
    account_name: subscription.account_name,
    multiplier: subscription.multiplier,
    since: subscription.since,
    until: subscription.until,
    ended_at: subscription.ended_at,
    end_reason: subscription.end_reason,
    auto_renew: subscription.auto_renew,
    price_credits: rupeesFromPaise(subscription.price_paise),
    source: subscription.source,
  };
}

export function toStrategySubscriber(follower: FollowerItem, isSubUser: boolean, now: Date): StrategySubscriber {
  return {
    ...toSubscribedStrategy(subscriptionOfFollower(follower), now),
    user_id: follower.user_id,
    name: follower.name,
    email: follower.email,
    is_sub_user: isSubUser,
  };
}
