import { ulid } from 'ulid';
import { ACCOUNT_NOT_CONNECTED_MESSAGE } from '../../shared/contracts/groups';
import { STRATEGY_NOT_FOUND_MESSAGE, STRATEGY_PLAN_NOT_FOUND_MESSAGE } from '../../shared/contracts/strategy-plans';
import {
  ACCOUNT_IN_STRATEGY_MESSAGE,
  ALREADY_SUBSCRIBED_MESSAGE,
  MAX_STRATEGY_SUBSCRIBERS,
  OWN_STRATEGY_MESSAGE,
  PLAN_NOT_OFFERED_MESSAGE,
  STRATEGY_FULL_MESSAGE,
  SUBSCRIBER_ALREADY_FOLLOWS_MESSAGE,
  SUBSCRIBER_NOT_SUB_USER_MESSAGE,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
  type SubscribeRequest,
} from '../../shared/contracts/strategy-subscriptions';
import type { ResponseOf } from '../../shared/contracts/define-call';
import type { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import { getGroup, type GroupItem } from '../data/groups/group';
import type { GroupOwner } from '../data/groups/group-keys';
import { accountConnectedCheck, planOfferedCheck, subscriberJoinItems } from '../data/strategies/strategy-fan-out-items';
import { getStrategyPlan, type StrategyPlanItem } from '../data/strategies/strategy-plans-repository';
import {
  followerWriteItem,
  getFollower,
  getSubscribeRequest,
  getStrategySubscription,
  subscribeRequestItem,
  subscriberRecordItem,
  type FollowerFields,
  type FollowerItem,
} from '../data/strategies/strategy-subscriptions-repository';
import { transactReportingFailedConditions, type TransactItem } from '../data/table';
import type { UserItem } from '../data/user-item';
import { getUser } from '../data/users-repository';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { loadOwnedAccount } from '../broker-accounts/accounts/owned-account';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { findManagedSubUser } from '../sub-users/sub-user-scope';
import { KEY_REUSED_MESSAGE, moveWallet } from '../wallet/move-wallet';
import { viewableStrategy } from './strategy-access';
import { retryOnConflict } from './subscription-conflicts';
import { periodEnd, scheduled, STRATEGY_NOTIFY_TYPE } from './subscription-terms';
import { toSubscribedStrategy } from './subscription-views';

type SubscriptionAnswer = ResponseOf<typeof strategySubscriptionContracts.userStrategySubscription>;

interface Subscribing {
  readonly owner: GroupOwner;
  readonly group: GroupItem;
  readonly plan: StrategyPlanItem;
  readonly subscriber: UserItem;
  readonly account: BrokerAccountItem;
  readonly source: 'subscriber' | 'owner';
  readonly callerId: number;
  readonly request: SubscribeRequest;
  readonly fingerprint: string;
}

function fingerprintOf(request: SubscribeRequest): string {
  return [request.group_id, request.plan_id, request.broker_id, request.multiplier, request.auto_renew, request.sub_user_id ?? ''].join('|');
}

/** The first subscription under the key, as it stands now. */
async function replay(frchId: number, subscriberId: number, subscriptionId: string, recordedFingerprint: string, fingerprint: string): Promise<SubscriptionAnswer> {
  if (recordedFingerprint !== fingerprint) throw new ConflictError(KEY_REUSED_MESSAGE);
  const subscription = await getStrategySubscription({ frchId, userId: subscriberId }, subscriptionId);
  if (!subscription) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND_MESSAGE);
  return { subscription: toSubscribedStrategy(subscription, clockNow()), balance_paise: null, replayed: true };
}

/** Who subscribes, and how it pays: the caller itself, or — the strategy's owner adding a sub-user — that sub-user, without charge. */
async function subscriberOf(principal: Principal, request: SubscribeRequest, isOwner: boolean): Promise<{ subscriber: UserItem; source: 'subscriber' | 'owner' }> {
  if (request.sub_user_id !== undefined) {
    if (!isOwner || !principal.roles.is_brokerpanel) throw new ForbiddenError(SUBSCRIBER_NOT_SUB_USER_MESSAGE);
    return { subscriber: await findManagedSubUser(principal, request.sub_user_id), source: 'owner' };
  }
  if (isOwner) throw new BusinessRuleError(OWN_STRATEGY_MESSAGE);
  const subscriber = await getUser(principal.frchId, principal.userId);
  if (!subscriber) throw new NotFoundError('User not found');
  return { subscriber, source: 'subscriber' };
}

function newFollower(subscribing: Subscribing, now: Date): FollowerFields {
  const { owner, group, plan, subscriber, account, source, request } = subscribing;
  const since = now.toISOString();
  return scheduled({
    frch_id: owner.frchId,
    owner_user_id: owner.userId,
    grp_id: group.grp_id,
    user_id: subscriber.user_id,
    name: `${subscriber.first_name} ${subscriber.last_name}`.trim(),
    email: subscriber.email,
    subscription_id: ulid(now.getTime()),
    strategy_name: group.grp_name,
    plan_id: plan.plan_id,
    plan_label: plan.label,
    broker_id: account.broker_id,
    broker: account.broker,
    account_name: combinedNameOf(account),
    multiplier: request.multiplier,
    since,
    until: periodEnd(since, plan.duration_days),
    auto_renew: request.auto_renew,
    price_paise: source === 'owner' ? 0 : plan.price_paise,
    source,
    state: 'active',
    ended_at: null,
    end_reason: null,
    grp_broker_id: ulid(now.getTime()),
    child_removed: false,
    renewal_notice_for: null,
    renewal_due_at: null,
  });
}

/** Why the transaction's condition number `index` failed, read again where a fresh read tells more. */
async function refusalOf(subscribing: Subscribing, index: number): Promise<Error | 'replay'> {
  const { owner, group, account, source } = subscribing;
  switch (index) {
    case 0:
      return new ConflictError(source === 'owner' ? SUBSCRIBER_ALREADY_FOLLOWS_MESSAGE : ALREADY_SUBSCRIBED_MESSAGE);
    case 2:
      return 'replay';
    case 3:
      return new BusinessRuleError(PLAN_NOT_OFFERED_MESSAGE);
    case 4:
      return new BusinessRuleError(ACCOUNT_NOT_CONNECTED_MESSAGE);
    default: {
      const fresh = await getGroup(owner, group.grp_id);
      if (!fresh?.is_strategy) return new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
      if (fresh.child_accounts[account.broker_id] !== undefined || fresh.master_broker_id === account.broker_id) return new ConflictError(ACCOUNT_IN_STRATEGY_MESSAGE);
      if (fresh.sub_user_count >= MAX_STRATEGY_SUBSCRIBERS) return new BusinessRuleError(STRATEGY_FULL_MESSAGE);
      return new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
    }
  }
}

/** Everything a subscription writes, in one transaction (the wallet's own items go first when it pays). */
function subscriptionItems(subscribing: Subscribing, before: FollowerItem | null, next: FollowerFields, now: Date): TransactItem[] {
  const { owner, plan, subscriber, account, callerId, request, fingerprint } = subscribing;
  return [
    followerWriteItem(before, next, now),
    subscriberRecordItem(next, true, now),
    subscribeRequestItem(owner.frchId, subscriber.user_id, callerId, request.idempotency_key, { subscription_id: next.subscription_id, fingerprint }, now),
    planOfferedCheck(owner, next.grp_id, plan.plan_id),
    accountConnectedCheck(owner.frchId, subscriber.user_id, account.broker_id),
    ...subscriberJoinItems(
      owner,
      {
        grpBrokerId: next.grp_broker_id,
        grpId: next.grp_id,
        brokerId: account.broker_id,
        broker: account.broker,
        multiplier: next.multiplier,
        subscriberId: subscriber.user_id,
        subscriptionId: next.subscription_id,
        activeUntil: next.until,
      },
      MAX_STRATEGY_SUBSCRIBERS,
      now,
    ),
  ];
}

type Written = { kind: 'written'; next: FollowerFields; balancePaise: number | null } | { kind: 'refused'; index: number } | { kind: 'replay' };

async function write(subscribing: Subscribing): Promise<Written> {
  const { owner, plan, subscriber, source, request } = subscribing;
  const before = await getFollower(owner.frchId, owner.userId, request.group_id, subscriber.user_id);
  if (before?.state === 'active') return { kind: 'refused', index: 0 };
  const now = clockNow();
  const next = newFollower(subscribing, now);
  const items = subscriptionItems(subscribing, before, next, now);
  if (source === 'owner') {
    const failed = await transactReportingFailedConditions(items);
    return failed.length === 0 ? { kind: 'written', next, balancePaise: null } : { kind: 'refused', index: failed[0] ?? -1 };
  }
  try {
    const outcome = await moveWallet(
      {
        owner: { frchId: owner.frchId, userId: subscriber.user_id },
        direction: 'debit',
        amountPaise: plan.price_paise,
        reason: 'strategy_subscription',
        reference: { grp_id: plan.grp_id, plan_id: plan.plan_id },
        description: `Strategy ${next.strategy_name}: ${plan.label} (${plan.duration_days} days)`,
        idempotencyKey: `strategy-subscribe#${request.idempotency_key}`,
      },
      items,
    );
    if (outcome.kind === 'alongside-refused') return { kind: 'refused', index: outcome.index };
    if (outcome.kind === 'replayed') return { kind: 'replay' };
    return { kind: 'written', next, balancePaise: outcome.movement.balanceAfterPaise };
  } catch (error) {
    // The same key arrived twice at once and the other request won.
    if (error instanceof ConflictError && error.message === KEY_REUSED_MESSAGE) return { kind: 'replay' };
    throw error;
  }
}

/**
 * `userstrategysubscription`: a user buys a plan of a strategy it may view, or the owner adds one of its
 * sub-users (not charged). ONE transaction (with the wallet's debit when the subscriber pays) writes the
 * follower row (at most one running per user and strategy), the subscriber's record, the request's
 * record under its idempotency key, the child that puts the account in the fan-out and the strategy's
 * counters, and checks the plan is offered and the account connected. Nothing is charged unless all of
 * it is written; the same key answers the first subscription.
 */
export async function subscribeToStrategy(principal: Principal, request: SubscribeRequest, log: Logger): Promise<SubscriptionAnswer> {
  const access = await viewableStrategy(principal, request.group_id);
  const { subscriber, source } = await subscriberOf(principal, request, access.viewer === 'owner');
  const fingerprint = fingerprintOf(request);
  const recorded = await getSubscribeRequest(principal.frchId, subscriber.user_id, principal.userId, request.idempotency_key);
  if (recorded) return replay(principal.frchId, subscriber.user_id, recorded.subscription_id, recorded.fingerprint, fingerprint);

  const plan = await getStrategyPlan(access.owner, access.group.grp_id, request.plan_id);
  if (!plan) throw new NotFoundError(STRATEGY_PLAN_NOT_FOUND_MESSAGE);
  if (plan.withdrawn_at !== null) throw new BusinessRuleError(PLAN_NOT_OFFERED_MESSAGE);
  const account = await loadOwnedAccount({ frchId: principal.frchId, userId: subscriber.user_id }, request.broker_id);
  if (account.status !== 'connected') throw new BusinessRuleError(ACCOUNT_NOT_CONNECTED_MESSAGE);
  if (access.group.child_accounts[account.broker_id] !== undefined || access.group.master_broker_id === account.broker_id) throw new ConflictError(ACCOUNT_IN_STRATEGY_MESSAGE);

  const subscribing: Subscribing = { owner: access.owner, group: access.group, plan, subscriber, account, source, callerId: principal.userId, request, fingerprint };
  const written = await retryOnConflict(() => write(subscribing));
  if (written.kind !== 'written') {
    const refusal = written.kind === 'replay' ? 'replay' : await refusalOf(subscribing, written.index);
    if (refusal !== 'replay') throw refusal;
    const won = await getSubscribeRequest(principal.frchId, subscriber.user_id, principal.userId, request.idempotency_key);
    if (!won) throw new ConflictError(KEY_REUSED_MESSAGE);
    return replay(principal.frchId, subscriber.user_id, won.subscription_id, won.fingerprint, fingerprint);
  }
  const { next } = written;
  const until = next.until.slice(0, 10);
  const message =
    source === 'owner'
      ? `You were added to the strategy ${next.strategy_name} (${next.plan_label}) until ${until}: your account copies its orders at ${next.multiplier}×.`
      : `You subscribed to the strategy ${next.strategy_name} (${next.plan_label}) until ${until}: your account copies its orders at ${next.multiplier}×.`;
  await notifyUser(principal.frchId, subscriber.user_id, { notifyType: STRATEGY_NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('strategy notification not stored', { error }));
  const subscription = await getStrategySubscription({ frchId: principal.frchId, userId: subscriber.user_id }, next.subscription_id);
  if (!subscription) throw new Error(`Subscription ${next.subscription_id} written but not found`);
  return { subscription: toSubscribedStrategy(subscription, clockNow()), balance_paise: written.balancePaise, replayed: false };
}
