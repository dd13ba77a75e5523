import { ACCOUNT_NOT_CONNECTED_MESSAGE } from '../../shared/contracts/groups';
import {
  ACCOUNT_IN_STRATEGY_MESSAGE,
  ACCOUNT_PENDING_ORDERS_MESSAGE,
  SUBSCRIBER_PENDING_ORDERS_MESSAGE,
  SUBSCRIPTION_ENDED_MESSAGE,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
  type SubscribedStrategy,
  type UpdateSubscriptionRequest,
} from '../../shared/contracts/strategy-subscriptions';
import { getGroup } from '../data/groups/group';
import { getGroupChild } from '../data/groups/group-child';
import { accountConnectedCheck, subscriberChildChangeItems } from '../data/strategies/strategy-fan-out-items';
import {
  followerWriteItem,
  getFollower,
  listFollowers,
  subscriberRecordItem,
  subscriptionOfFollower,
  type FollowerItem,
} from '../data/strategies/strategy-subscriptions-repository';
import { transactReportingFailedConditions, type TransactItem } from '../data/table';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { loadOwnedAccount } from '../broker-accounts/accounts/owned-account';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { endSubscription, ownerOfFollower, removeEndedChild } from './end-subscription';
import { viewableStrategy } from './strategy-access';
import { retryOnConflict } from './subscription-conflicts';
import { scheduled, STRATEGY_NOTIFY_TYPE } from './subscription-terms';
import { statusOf, toSubscribedStrategy } from './subscription-views';

const OWNER_ONLY_UNSUBSCRIBES_MESSAGE = "Only the subscriber changes its subscription's account, multiplier or auto-renew.";

/** The follower row the request names: the caller's own subscription, or — for the strategy's owner — any subscriber's. */
async function namedFollower(principal: Principal, request: UpdateSubscriptionRequest): Promise<{ follower: FollowerItem; byOwner: boolean }> {
  const access = await viewableStrategy(principal, request.group_id);
  const byOwner = access.viewer === 'owner';
  const follower = byOwner
    ? (await listFollowers(access.owner.frchId, access.owner.userId, access.group.grp_id)).find((row) => row.subscription_id === request.subscription_id)
    : await getFollower(access.owner.frchId, access.owner.userId, access.group.grp_id, principal.userId);
  if (!follower || follower.subscription_id !== request.subscription_id) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND_MESSAGE);
  return { follower, byOwner };
}

async function unsubscribe(follower: FollowerItem, byOwner: boolean, log: Logger): Promise<SubscribedStrategy> {
  // As on the marketplaces: the owner does not cut off a client whose strategy orders are still open at the broker.
  if (byOwner) {
    const child = await getGroupChild(ownerOfFollower(follower), follower.grp_id, follower.grp_broker_id);
    if (child && child.pending_quantity > 0) throw new ConflictError(SUBSCRIBER_PENDING_ORDERS_MESSAGE);
  }
  const now = clockNow();
  const ended = await endSubscription(follower, byOwner ? 'removed_by_owner' : 'unsubscribed', now.toISOString(), now);
  if (!ended) throw new ConflictError('This subscription changed meanwhile. Please try again.');
  await removeEndedChild(follower.frch_id, follower.owner_user_id, follower.grp_id, follower.user_id, now).catch((error: unknown) =>
    log.warn('ended subscriber stays in the fan-out until the schedule removes it', { error }),
  );
  if (byOwner) {
    const message = `The owner of the strategy ${follower.strategy_name} ended your subscription: your account no longer copies its orders.`;
    await notifyUser(follower.frch_id, follower.user_id, { notifyType: STRATEGY_NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('strategy notification not stored', { error }));
  }
  return toSubscribedStrategy(subscriptionOfFollower(ended), now);
}

async function changeSettings(principal: Principal, follower: FollowerItem, request: UpdateSubscriptionRequest): Promise<SubscribedStrategy> {
  const now = clockNow();
  const owner = ownerOfFollower(follower);
  const subscriberOwner = { frchId: follower.frch_id, userId: follower.user_id };
  const newAccount = request.broker_id !== undefined && request.broker_id !== follower.broker_id ? await loadOwnedAccount(subscriberOwner, request.broker_id) : null;
  if (newAccount) {
    if (newAccount.status !== 'connected') throw new BusinessRuleError(ACCOUNT_NOT_CONNECTED_MESSAGE);
    const group = await getGroup(owner, follower.grp_id);
    if (group && (group.child_accounts[newAccount.broker_id] !== undefined || group.master_broker_id === newAccount.broker_id)) throw new ConflictError(ACCOUNT_IN_STRATEGY_MESSAGE);
  }
  const next = scheduled({
    ...follower,
    multiplier: request.multiplier ?? follower.multiplier,
    auto_renew: request.auto_renew ?? follower.auto_renew,
    ...(newAccount ? { broker_id: newAccount.broker_id, broker: newAccount.broker, account_name: combinedNameOf(newAccount) } : {}),
  });
  const account = newAccount ? { from: follower.broker_id, to: newAccount.broker_id, broker: newAccount.broker } : undefined;
  const items: TransactItem[] = [
    followerWriteItem(follower, next, now),
    subscriberRecordItem(next, false, now),
    ...subscriberChildChangeItems(owner, follower.grp_id, follower.grp_broker_id, { multiplier: next.multiplier, activeUntil: next.until, ...(account ? { account } : {}) }, now),
    ...(newAccount ? [accountConnectedCheck(follower.frch_id, follower.user_id, newAccount.broker_id)] : []),
  ];
  const failed = await retryOnConflict(() => transactReportingFailedConditions(items));
  if (failed.includes(0)) throw new ConflictError('This subscription changed meanwhile. Please try again.');
  if (failed.includes(2)) throw new ConflictError(ACCOUNT_PENDING_ORDERS_MESSAGE);
  if (failed.includes(3)) throw new ConflictError(ACCOUNT_IN_STRATEGY_MESSAGE);
  if (failed.length > 0) throw new BusinessRuleError(ACCOUNT_NOT_CONNECTED_MESSAGE);
  return toSubscribedStrategy(subscriptionOfFollower(next), now);
}

/**
 * `updatestrategysubscription`: the subscriber changes its running subscription's account, multiplier
 * or auto-renew, or chooses Not Subscribe (`subscribed: false`): its account leaves the fan-out at once
 * and the paid period is not refunded. The strategy's owner may only end a subscriber's subscription.
 */
export async function updateStrategySubscription(principal: Principal, request: UpdateSubscriptionRequest, log: Logger): Promise<SubscribedStrategy> {
  const { follower, byOwner } = await namedFollower(principal, request);
  if (follower.state !== 'active' || statusOf(follower, clockNow()) !== 'Active') throw new BusinessRuleError(SUBSCRIPTION_ENDED_MESSAGE);
  if (request.subscribed === false) return unsubscribe(follower, byOwner, log);
  if (byOwner) throw new ForbiddenError(OWNER_ONLY_UNSUBSCRIBES_MESSAGE);
  return changeSettings(principal, follower, request);
}
