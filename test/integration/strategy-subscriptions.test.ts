import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { groupBrokerSchema, groupSchema } from '../../shared/contracts/groups';
import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { mapBounded } from '../../functions/platform/bounded';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { STRATEGIES, subscribeKey, subscriptionAnswer, useStrategyFranchise } from '../support/strategy-franchise';
import type { TestUser } from '../support/users';

/**
 * Subscribing to group strategies (issue 21): one transaction pays from the wallet and records the
 * subscription, puts the account in the strategy's fan-out and counts it; the same key charges once;
 * every refusal charges nothing; 100 subscribers at once keep the counters and wallets exact.
 */
const api = useGateway();
const strategies = useStrategyFranchise(api, 'subscribe');
const PRICE_PAISE = 999_00;

const usersOf = async (panel: TestUser, groupId: string, status?: 'Active' | 'Expired') =>
  dataOf(await strategies().post(panel, `${STRATEGIES}getstrategyusers`, { group_id: groupId, ...(status ? { status } : {}) }), strategySubscriptionContracts.getStrategyUsers.response);
const childrenOf = async (panel: TestUser, groupId: string) => dataOf(await strategies().post(panel, '/users/groups/getgroupbrokers', { group_id: groupId }), z.array(groupBrokerSchema));
const groupOf = async (panel: TestUser, groupId: string) => dataOf(await strategies().post(panel, '/users/groups/getgroupbyid', { group_id: groupId }), groupSchema);
const available = async (who: TestUser) =>
  dataOf(await strategies().post(who, `${STRATEGIES}getavailablestrategies`, {}), strategySubscriptionContracts.getAvailableStrategies.response).items;
const update = (who: TestUser, body: Record<string, unknown>) => strategies().post(who, `${STRATEGIES}updatestrategysubscription`, body);

async function fundedSubscriber(credits = 2_000): Promise<{ user: TestUser; accountId: string }> {
  const franchise = strategies();
  const user = await franchise.newUser();
  await franchise.fund(user, credits * 100);
  return { user, accountId: await franchise.paperAccount(user) };
}

describe('userstrategysubscription', () => {
  it('pays once from the wallet, records the subscription, puts the account in the fan-out and counts it', async () => {
    const franchise = strategies();
    const panel = await franchise.newUser({ is_brokerpanel: true });
    const strategy = await franchise.strategy(panel);
    const { user, accountId } = await fundedSubscriber();
    const key = subscribeKey();
    const body = { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: accountId, multiplier: 2, auto_renew: true, idempotency_key: key };

    const first = dataOf(await franchise.subscribe(user, body), subscriptionAnswer);
    expect(first).toMatchObject({ balance_paise: 2_000_00 - PRICE_PAISE, replayed: false });
    expect(first.subscription).toMatchObject({ group_strategy_id: strategy.grpId, plan_id: strategy.planId, status: 'Active', broker: 'paper', multiplier: 2, auto_renew: true, price_credits: 999, source: 'subscriber', ended_at: null });
    expect(first.subscription.account_name).toContain('Paper');
    expect(Date.parse(first.subscription.until) - Date.parse(first.subscription.since)).toBe(30 * 86_400_000);

    // The same request again (a retry) answers the first subscription and charges nothing more.
    const again = dataOf(await franchise.subscribe(user, body), subscriptionAnswer);
    expect(again).toMatchObject({ replayed: true, subscription: { subscription_id: first.subscription.subscription_id } });
    expect(await franchise.balanceOf(user)).toBe(2_000_00 - PRICE_PAISE);
    const debits = (await listWholeLedger({ frchId: franchise.frchId, userId: user.user.user_id })).filter((entry) => entry.type === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ reason: 'strategy_subscription', amount_paise: PRICE_PAISE, reference: { grp_id: strategy.grpId, plan_id: strategy.planId } });
    // The same key for another request is refused.
    expectError(await franchise.subscribe(user, { ...body, multiplier: 3 }), 409);

    const users = await usersOf(panel, strategy.grpId);
    expect(users).toMatchObject({ strategy_subscriptions_count: 1, sub_user_count: 1 });
    expect(users.items).toEqual([expect.objectContaining({ user_id: user.user.user_id, email: user.user.email, status: 'Active', multiplier: 2, is_sub_user: true })]);
    expect(await childrenOf(panel, strategy.grpId)).toEqual([expect.objectContaining({ broker_id: accountId, multiplier: 2, subscriber_user_id: user.user.user_id, subscription_until: first.subscription.until })]);
    expect(await groupOf(panel, strategy.grpId)).toMatchObject({ strategy_subscriptions_count: 1, sub_user_count: 1, group_broker_count: 0 });

    const listed = (await available(user)).find((one) => one.group_strategy_id === strategy.grpId);
    expect(listed).toMatchObject({ visibility: 'PUBLIC', subscription: { subscription_id: first.subscription.subscription_id, status: 'Active' } });
    expect(listed?.plans.map((plan) => plan.plan_id)).toEqual([strategy.planId]);
    const viaPanel = dataOf(await franchise.post(panel, '/users/subusermanagement/getsubscribedstrategies', { sub_user_id: user.user.user_id }), subUserViewContracts.getSubscribedStrategies.response);
    expect(viaPanel.items.map((one) => [one.subscription_id, one.status])).toEqual([[first.subscription.subscription_id, 'Active']]);
    // A second subscription to the same strategy while one runs is refused.
    expectError(await franchise.subscribe(user, { ...body, idempotency_key: subscribeKey(), broker_id: await franchise.paperAccount(user) }), 409);
  });

  it('refuses bad input, PRIVATE strategies not permitted, foreign or unconnected accounts and short wallets, charging nothing', async () => {
    const franchise = strategies();
    const panel = await franchise.newUser({ is_brokerpanel: true });
    const open = await franchise.strategy(panel);
    const closed = await franchise.strategy(panel, { visibility: 'PRIVATE' });
    const { user, accountId } = await fundedSubscriber(500);
    const other = await fundedSubscriber();
    const base = { group_id: open.grpId, plan_id: open.planId, broker_id: accountId };

    expectError(await franchise.subscribe(user, { ...base, multiplier: 0 }), 400);
    expectError(await franchise.subscribe(user, { ...base, multiplier: 1000 }), 400);
    expectError(await franchise.subscribe(user, { ...base, plan_id: 'not-a-plan' }), 400);
    expectError(await franchise.subscribe(user, { ...base, idempotency_key: 'short' }), 400);
    expectError(await franchise.subscribe(user, { group_id: closed.grpId, plan_id: closed.planId, broker_id: accountId }), 404);
    expectError(await franchise.subscribe(user, { ...base, broker_id: other.accountId }), 404);
    expectError(await franchise.subscribe(user, { ...base, sub_user_id: other.user.user.user_id }), 403);
    expectError(await franchise.subscribe(panel, { ...base, broker_id: open.masterId }), 422);
    expectError(await franchise.subscribe(user, base), 422, 'Not enough credit.');
    expect(await franchise.balanceOf(user)).toBe(500_00);

    const disconnected = await franchise.paperAccount(other.user);
    dataOf(await franchise.post(other.user, '/users/broker/removebroker', { broker_id: disconnected }), z.unknown());
    expectError(await franchise.subscribe(other.user, { ...base, broker_id: disconnected }), 422);
    dataOf(await franchise.post(panel, `${STRATEGIES}deletestrategyplan`, { group_id: open.grpId, plan_id: open.planId }), z.unknown());
    expectError(await franchise.subscribe(other.user, { ...base, broker_id: other.accountId }), 422);
    expect(await franchise.balanceOf(other.user)).toBe(2_000_00);
    expect(await usersOf(panel, open.grpId)).toMatchObject({ items: [], strategy_subscriptions_count: 0, sub_user_count: 0 });

    // The USERS tab is the owner's: another panel gets 404, a plain user 403.
    const otherPanel = await franchise.newUser({ is_brokerpanel: true });
    expectError(await franchise.post(otherPanel, `${STRATEGIES}getstrategyusers`, { group_id: open.grpId }), 404);
    expectError(await franchise.post(user, `${STRATEGIES}getstrategyusers`, { group_id: open.grpId }), 403);
    expectError(await franchise.post(panel, `${STRATEGIES}getstrategyusers`, { group_id: 'nope' }), 400);

    // Another franchise's user knows nothing of the strategy.
    const stranger = await api.call('POST', `${STRATEGIES}userstrategysubscription`, { token: other.user.token, body: { ...base, multiplier: 1, idempotency_key: subscribeKey() } });
    expectError(stranger, 401);
  });

  it('PRIVATE: a permitted user subscribes; revoking the permission ends new subscriptions but not a paid one', async () => {
    const franchise = strategies();
    const panel = await franchise.newUser({ is_brokerpanel: true });
    const strategy = await franchise.strategy(panel, { visibility: 'PRIVATE' });
    const first = await fundedSubscriber();
    const second = await fundedSubscriber();
    const permit = (who: TestUser, permitted: boolean) =>
      franchise.post(panel, `${STRATEGIES}updatestrategypermission`, { group_id: strategy.grpId, emails: [who.user.email], allowed: permitted });
    dataOf(await permit(first.user, true), z.unknown());
    dataOf(await permit(second.user, true), z.unknown());
    expect((await available(second.user)).map((one) => one.group_strategy_id)).toContain(strategy.grpId);

    const taken = dataOf(await franchise.subscribe(first.user, { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: first.accountId }), subscriptionAnswer);
    dataOf(await permit(first.user, false), z.unknown());
    dataOf(await permit(second.user, false), z.unknown());

    const kept = (await available(first.user)).find((one) => one.group_strategy_id === strategy.grpId);
    expect(kept?.subscription).toMatchObject({ subscription_id: taken.subscription.subscription_id, status: 'Active' });
    expect((await available(second.user)).map((one) => one.group_strategy_id)).not.toContain(strategy.grpId);
    expectError(await franchise.subscribe(second.user, { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: second.accountId }), 404);
    expect(await franchise.balanceOf(second.user)).toBe(2_000_00);
  });

  it('Not Subscribe by the subscriber and by the owner, free additions by the owner, and the settings only the subscriber changes', async () => {
    const franchise = strategies();
    const panel = await franchise.newUser({ is_brokerpanel: true });
    const strategy = await franchise.strategy(panel);
    const { user, accountId } = await fundedSubscriber();
    const taken = dataOf(await franchise.subscribe(user, { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: accountId }), subscriptionAnswer);
    const id = { group_id: strategy.grpId, subscription_id: taken.subscription.subscription_id };

    expectError(await update(user, { group_id: strategy.grpId }), 400);
    expectError(await update(user, { ...id, multiplier: -1 }), 400);
    expectError(await update(panel, { ...id, multiplier: 3 }), 403);
    const intruder = await fundedSubscriber();
    expectError(await update(intruder.user, { ...id, multiplier: 3 }), 404);
    expectError(await update(user, { ...id, broker_id: intruder.accountId }), 404);

    const second = await franchise.paperAccount(user);
    const changed = dataOf(await update(user, { ...id, multiplier: 3, broker_id: second, auto_renew: true }), strategySubscriptionContracts.updateStrategySubscription.response);
    expect(changed).toMatchObject({ multiplier: 3, broker_id: second, auto_renew: true, status: 'Active' });
    expect(await childrenOf(panel, strategy.grpId)).toEqual([expect.objectContaining({ broker_id: second, multiplier: 3 })]);

    const ended = dataOf(await update(user, { ...id, subscribed: false }), strategySubscriptionContracts.updateStrategySubscription.response);
    expect(ended).toMatchObject({ status: 'Expired', end_reason: 'unsubscribed' });
    expect(await childrenOf(panel, strategy.grpId)).toEqual([]);
    expect(await usersOf(panel, strategy.grpId, 'Active')).toMatchObject({ items: [], strategy_subscriptions_count: 1, sub_user_count: 0 });
    expectError(await update(user, { ...id, subscribed: false }), 422);
    expect(await franchise.balanceOf(user)).toBe(2_000_00 - PRICE_PAISE);

    // The owner adds the user back without charge, then ends it from the USERS tab.
    const added = dataOf(await franchise.subscribe(panel, { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: accountId, sub_user_id: user.user.user_id, multiplier: 0.5 }), subscriptionAnswer);
    expect(added).toMatchObject({ balance_paise: null, subscription: { source: 'owner', price_credits: 0, multiplier: 0.5, status: 'Active' } });
    expect(await franchise.balanceOf(user)).toBe(2_000_00 - PRICE_PAISE);
    expect(await usersOf(panel, strategy.grpId)).toMatchObject({ strategy_subscriptions_count: 2, sub_user_count: 1 });
    const removed = dataOf(await update(panel, { group_id: strategy.grpId, subscription_id: added.subscription.subscription_id, subscribed: false }), strategySubscriptionContracts.updateStrategySubscription.response);
    expect(removed).toMatchObject({ status: 'Expired', end_reason: 'removed_by_owner' });
    expect(await groupOf(panel, strategy.grpId)).toMatchObject({ strategy_subscriptions_count: 2, sub_user_count: 0 });
    const history = dataOf(await franchise.post(panel, '/users/subusermanagement/getsubscribedstrategies', { sub_user_id: user.user.user_id }), subUserViewContracts.getSubscribedStrategies.response);
    expect(history.items.map((one) => [one.source, one.end_reason])).toEqual([
      ['owner', 'removed_by_owner'],
      ['subscriber', 'unsubscribed'],
    ]);

    // The owner's sub-user account list offers the user's connected accounts not in the strategy.
    const accounts = dataOf(await franchise.post(panel, `${STRATEGIES}getsubscriberaccounts`, { group_id: strategy.grpId, sub_user_id: user.user.user_id }), strategySubscriptionContracts.getSubscriberAccounts.response);
    expect(accounts.items.map((one) => one.broker_id).sort()).toEqual([accountId, second].sort());
    expectError(await franchise.post(user, `${STRATEGIES}getsubscriberaccounts`, { group_id: strategy.grpId, sub_user_id: intruder.user.user.user_id }), 403);
  });

  it('100 users subscribing at once: every one charged exactly once, counters exact', async () => {
    const franchise = strategies();
    const panel = await franchise.newUser({ is_brokerpanel: true });
    const strategy = await franchise.strategy(panel);
    const subscribers = await mapBounded(Array.from({ length: 100 }, (_, index) => index), 10, () => fundedSubscriber());
    const answers = await Promise.all(
      subscribers.map(({ user, accountId }) => franchise.subscribe(user, { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: accountId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const balances = await mapBounded(subscribers, 10, ({ user }) => franchise.balanceOf(user));
    expect(new Set(balances)).toEqual(new Set([2_000_00 - PRICE_PAISE]));
    expect(await groupOf(panel, strategy.grpId)).toMatchObject({ strategy_subscriptions_count: 100, sub_user_count: 100 });
    expect((await usersOf(panel, strategy.grpId, 'Active')).items).toHaveLength(100);
    expect(await childrenOf(panel, strategy.grpId)).toHaveLength(100);
  });
});
