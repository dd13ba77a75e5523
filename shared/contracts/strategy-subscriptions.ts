import * as z from 'zod';
import { brokerKindSchema } from './broker';
import { defineCall } from './define-call';
import { brokerAccountIdField, idempotencyKeyField } from './fields';
import { multiplierField } from './groups';
import { groupIdField } from './orders';
import { strategyPlanIdField, strategyPlanSchema } from './strategy-plans';
import { visibilitySchema } from '../domain/ranges';

/**
 * Route group `strategies` (spec §7), subscriptions: a user of the franchise buys a plan of a group
 * strategy it may view, paying from its wallet in the same transaction that records the subscription,
 * and one of its connected accounts joins the strategy's copy-trading fan-out as a child at the chosen
 * multiplier until the subscription ends. One running subscription per user and strategy (a second
 * subscribe while one runs is refused: change its account or multiplier instead).
 *
 * Counters on the strategy (spec §3): `strategy_subscriptions_count` counts every subscription taken
 * (sales, renewals not included), `sub_user_count` the users whose subscription runs now. Both are
 * written in the transactions that start and end subscriptions, so they never drift.
 */
export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already follow this strategy: change the account or multiplier of your subscription instead.';
export const SUBSCRIBER_ALREADY_FOLLOWS_MESSAGE = 'This user already follows the strategy.';
export const PLAN_NOT_OFFERED_MESSAGE = 'This plan is no longer offered.';
export const OWN_STRATEGY_MESSAGE = 'You run this strategy: its master account trades it already.';
export const ACCOUNT_IN_STRATEGY_MESSAGE = 'This account already trades in this strategy.';
/** Accounts following one strategy at once (the fan-out's size the bench measures is 200). */
export const MAX_STRATEGY_SUBSCRIBERS = 500;
export const STRATEGY_FULL_MESSAGE = `This strategy follows at most ${MAX_STRATEGY_SUBSCRIBERS} subscribers at once.`;
export const ACCOUNT_PENDING_ORDERS_MESSAGE = 'This account still has pending strategy orders: change the account once they are done.';
export const SUBSCRIPTION_ENDED_MESSAGE = 'This subscription has ended.';
export const SUBSCRIBER_PENDING_ORDERS_MESSAGE = 'This subscriber still has pending strategy orders: end the subscription once they are done.';
export const SUBSCRIBER_CHILD_MESSAGE = "This account follows the strategy by its user's subscription: its multiplier is the subscriber's, and Not Subscribe on the USERS tab takes it out.";
export const SIGNAL_SKIPS_SUBSCRIBER_MESSAGE = "A strategy subscriber's account copies the master account's orders: send the signal to the master account and the strategy copies it to its subscribers.";
export const SUBSCRIBER_NOT_SUB_USER_MESSAGE = 'You can add only your own sub-users to a strategy.';

export const SUBSCRIPTION_STATUSES = ['Active', 'Expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Who started a subscription: the subscriber paying from its wallet, or the strategy's owner adding a sub-user (paid outside, price 0). */
export const SUBSCRIPTION_SOURCES = ['subscriber', 'owner'] as const;
export const subscriptionSourceSchema = z.enum(SUBSCRIPTION_SOURCES);

/** Why a subscription stopped: its period ended, the subscriber or the owner chose Not Subscribe. */
export const SUBSCRIPTION_END_REASONS = ['expired', 'unsubscribed', 'removed_by_owner'] as const;
export const subscriptionEndReasonSchema = z.enum(SUBSCRIPTION_END_REASONS);

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const subscriptionIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid subscription id.');

/** One subscription as its subscriber (or the subscriber's parent) sees it. */
export const subscribedStrategySchema = z.object({
  subscription_id: z.string(),
  group_strategy_id: z.string(),
  strategy_name: z.string(),
  plan_id: z.string(),
  plan_label: z.string(),
  status: subscriptionStatusSchema,
  broker_id: z.string(),
  broker: brokerKindSchema,
  /** The account as its user knows it (broker and client id). */
  account_name: z.string(),
  multiplier: z.number(),
  /** ISO instants: it runs from `since` until `until` (or until `ended_at`, when stopped early). */
  since: z.string(),
  until: z.string(),
  ended_at: z.string().nullable(),
  end_reason: subscriptionEndReasonSchema.nullable(),
  auto_renew: z.boolean(),
  /** What it cost, in credits (0 when the owner added the user). */
  price_credits: z.number(),
  source: subscriptionSourceSchema,
});
export type SubscribedStrategy = z.infer<typeof subscribedStrategySchema>;

/** A row of the USERS tab: the subscriber and its current (or last) subscription. */
export const strategySubscriberSchema = subscribedStrategySchema.extend({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Whether the subscriber is one of the owner's sub-users (the owner may then subscribe or unsubscribe it). */
  is_sub_user: z.boolean(),
});
export type StrategySubscriber = z.infer<typeof strategySubscriberSchema>;

/** A strategy a user may subscribe to, with the plans on offer and its own subscription, if any. */
export const availableStrategySchema = z.object({
  group_strategy_id: z.string(),
  strategy_name: z.string(),
  description: z.string(),
  visibility: visibilitySchema,
  owner_name: z.string(),
  plans: z.array(strategyPlanSchema),
  subscription: subscribedStrategySchema.nullable(),
});
export type AvailableStrategy = z.infer<typeof availableStrategySchema>;

const subscribeRequestSchema = z.strictObject({
  group_id: groupIdField,
  plan_id: strategyPlanIdField,
  broker_id: brokerAccountIdField,
  multiplier: multiplierField,
  auto_renew: z.boolean().default(false),
  /** Set by the strategy's owner adding one of its sub-users (the account is then the sub-user's); the subscription is not charged. */
  sub_user_id: z.number().int().positive().optional(),
  idempotency_key: idempotencyKeyField,
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

const updateSubscriptionRequestSchema = z
  .strictObject({
    group_id: groupIdField,
    subscription_id: subscriptionIdField,
    /** false: Not Subscribe — the account leaves the fan-out now; the paid period is not refunded. */
    subscribed: z.literal(false).optional(),
    broker_id: brokerAccountIdField.optional(),
    multiplier: multiplierField.optional(),
    auto_renew: z.boolean().optional(),
  })
  .refine((request) => request.subscribed !== undefined || request.broker_id !== undefined || request.multiplier !== undefined || request.auto_renew !== undefined, {
    message: 'Send what to change: subscribed, broker_id, multiplier or auto_renew.',
  });
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionRequestSchema>;

export const subscriptionAnswerSchema = z.object({
  subscription: subscribedStrategySchema,
  /** The wallet balance after the payment, paise (null when nothing was charged). */
  balance_paise: z.number().int().nullable(),
  replayed: z.boolean(),
});

export const strategySubscriptionContracts = {
  getStrategyUsers: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/getstrategyusers',
    role: 'brokerPanel',
    summary:
      "The USERS tab: every user who subscribed to one of the caller's strategies, with its current or last subscription (Active or Expired), and the strategy's counters.",
    request: z.strictObject({ group_id: groupIdField, status: subscriptionStatusSchema.optional() }),
    response: z.object({ items: z.array(strategySubscriberSchema), strategy_subscriptions_count: z.number().int(), sub_user_count: z.number().int() }),
    withMsg: true,
  }),
  userStrategySubscription: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/userstrategysubscription',
    role: 'user',
    summary:
      "Subscribe: the caller buys a plan of a strategy it may view, paying from its wallet in the transaction that records the subscription, and its connected account joins the strategy's fan-out at the multiplier. The owner may instead add one of its sub-users (`sub_user_id`), without charge. The same idempotency key answers the first subscription.",
    request: subscribeRequestSchema,
    response: subscriptionAnswerSchema,
    withMsg: true,
    activity: 'Subscribed to a strategy',
  }),
  updateStrategySubscription: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/updatestrategysubscription',
    role: 'user',
    summary:
      "Changes a running subscription: its account, multiplier or auto-renew (the subscriber), or Not Subscribe (`subscribed: false`; the subscriber, or the strategy's owner for its sub-user): the account leaves the fan-out at once.",
    request: updateSubscriptionRequestSchema,
    response: subscribedStrategySchema,
    withMsg: true,
    activity: 'Changed a strategy subscription',
  }),
  getSubscriberAccounts: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/getsubscriberaccounts',
    role: 'brokerPanel',
    summary: "The owner adding a sub-user to one of its strategies: that sub-user's connected accounts not yet in the strategy. Another franchise's or an unmanaged user: 404.",
    request: z.strictObject({ group_id: groupIdField, sub_user_id: z.number().int().positive() }),
    response: z.object({ items: z.array(z.object({ broker_id: z.string(), broker: brokerKindSchema, account_name: z.string() })) }),
    specExtension: 'The issue lets the broker panel subscribe a sub-user from the USERS tab, which needs that sub-user\'s accounts; the spec names no call for it.',
    withMsg: true,
  }),
  getAvailableStrategies: defineCall({
    group: 'strategies',
    method: 'POST',
    path: '/users/groups/strategies/getavailablestrategies',
    role: 'user',
    summary: "The strategies of the franchise the caller may subscribe to (PUBLIC, or PRIVATE with the owner's permission, or one it follows), with their plans and the caller's own subscription.",
    request: z.strictObject({}),
    response: z.object({ items: z.array(availableStrategySchema) }),
    specExtension: 'The issue asks for a "Strategies" list of what an ordinary user may subscribe to; the spec names no call for it.',
    withMsg: true,
  }),
};
