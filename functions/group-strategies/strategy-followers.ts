import type { RequestOf, ResponseOf } from '../../shared/contracts/define-call';
import type { AvailableStrategy, strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { getGroup } from '../data/groups/group';
import { listStrategyDirectory } from '../data/strategies/strategy-access-repository';
import { listStrategyPlans } from '../data/strategies/strategy-plans-repository';
import { getFollower, getStrategySubscription, listFollowers } from '../data/strategies/strategy-subscriptions-repository';
import { getUser } from '../data/users-repository';
import { mapBounded } from '../platform/bounded';
import { now as clockNow } from '../platform/clock';
import type { Principal } from '../platform/http/principal';
import { findManagedSubUser, managesUser } from '../sub-users/sub-user-scope';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { listBrokerAccounts } from '../data/broker-accounts-repository';
import { isPermitted, ownedStrategy } from './strategy-access';
import { toStrategyPlan } from './strategy-plans';
import { toStrategySubscriber, toSubscribedStrategy } from './subscription-views';

type UsersRequest = RequestOf<typeof strategySubscriptionContracts.getStrategyUsers>;
type UsersAnswer = ResponseOf<typeof strategySubscriptionContracts.getStrategyUsers>;

const READ_CONCURRENCY = 8;

/** The USERS tab: every user who subscribed, with its current or last subscription, and the strategy's counters. */
export async function readStrategyUsers(principal: Principal, request: UsersRequest): Promise<UsersAnswer> {
  const group = await ownedStrategy(principal, request.group_id);
  const now = clockNow();
  const followers = await listFollowers(principal.frchId, principal.userId, group.grp_id);
  const rows = await mapBounded(followers, READ_CONCURRENCY, async (follower) => {
    const user = await getUser(follower.frch_id, follower.user_id);
    return toStrategySubscriber(follower, user !== null && managesUser(principal, user), now);
  });
  const items = rows.filter((row) => request.status === undefined || row.status === request.status).sort((a, b) => b.since.localeCompare(a.since));
  return { items, strategy_subscriptions_count: group.strategy_subscriptions_count, sub_user_count: group.sub_user_count };
}

/** The owner adding a sub-user: that sub-user's connected accounts not yet in the strategy (404 for a user it does not manage). */
export async function readSubscriberAccounts(principal: Principal, request: RequestOf<typeof strategySubscriptionContracts.getSubscriberAccounts>) {
  const group = await ownedStrategy(principal, request.group_id);
  const subUser = await findManagedSubUser(principal, request.sub_user_id);
  const accounts = await listBrokerAccounts({ frchId: principal.frchId, userId: subUser.user_id });
  const free = accounts.filter((account) => account.status === 'connected' && group.child_accounts[account.broker_id] === undefined);
  return { items: free.map((account) => ({ broker_id: account.broker_id, broker: account.broker, account_name: combinedNameOf(account) })) };
}

/**
 * The strategies of the franchise the caller may subscribe to: PUBLIC ones, PRIVATE ones its owner
 * permitted it, and any it follows; with the plans on offer and its own current or last subscription.
 * A strategy the caller runs itself is not listed (it is on its strategy pages).
 */
export async function readAvailableStrategies(principal: Principal): Promise<{ items: AvailableStrategy[] }> {
  const now = clockNow();
  const entries = (await listStrategyDirectory(principal.frchId)).filter((entry) => entry.owner.userId !== principal.userId);
  const found = await mapBounded(entries, READ_CONCURRENCY, async ({ grpId, owner }): Promise<AvailableStrategy | null> => {
    const group = await getGroup(owner, grpId);
    if (!group?.is_strategy) return null;
    if (group.visibility === 'PRIVATE' && !(await isPermitted(owner, grpId, principal))) return null;
    const [plans, follower, ownerUser] = await Promise.all([listStrategyPlans(owner, grpId), getFollower(owner.frchId, owner.userId, grpId, principal.userId), getUser(owner.frchId, owner.userId)]);
    const subscription = follower ? await getStrategySubscription({ frchId: principal.frchId, userId: principal.userId }, follower.subscription_id) : null;
    return {
      group_strategy_id: grpId,
      strategy_name: group.grp_name,
      description: group.strategy_description,
      visibility: group.visibility,
      owner_name: ownerUser ? `${ownerUser.first_name} ${ownerUser.last_name}`.trim() : '',
      plans: plans.filter((plan) => plan.withdrawn_at === null).map(toStrategyPlan),
      subscription: subscription ? toSubscribedStrategy(subscription, now) : null,
    };
  });
  const items = found.filter((one): one is AvailableStrategy => one !== null);
  // The strategies it follows first, then by name.
  const following = (one: AvailableStrategy) => Number(one.subscription?.status === 'Active');
  items.sort((a, b) => following(b) - following(a) || a.strategy_name.localeCompare(b.strategy_name));
  return { items };
}
