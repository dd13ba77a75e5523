import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { groupOrderFanOutSchema, groupSchema } from '../../shared/contracts/groups';
import { orderSchema } from '../../shared/contracts/orders';
import { cursorPage } from '../../shared/contracts/paging';
import { SUBSCRIBER_PENDING_ORDERS_MESSAGE, SUBSCRIPTION_ENDED_MESSAGE, strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { userContracts } from '../../shared/contracts/user';
import { mirrorMaster } from '../../functions/groups/mirroring/mirror-master';
import { runStrategySubscriptionRenewals } from '../../functions/group-strategies/renew-strategy-subscriptions';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { useClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { STRATEGIES, subscriptionAnswer, useStrategyFranchise } from '../support/strategy-franchise';
import type { TestUser } from '../support/users';

/**
 * A subscriber's account in the strategy's fan-out (issue 21): the next order on the strategy reaches it
 * at its multiplier, as the subscriber's own order; after its period it no longer does, the schedule
 * takes it out and counts it; auto-renewal pays once per period from the wallet. The clock is set (any
 * day: the paper exchange is always open here) and moved by weeks.
 */
const api = useGateway();
const strategies = useStrategyFranchise(api, 'strategy-fan-out');
const DAY = 86_400_000;
const START = new Date('2031-03-04T05:30:00.000Z');
let clockAt = START.getTime();
let restoreClock: () => void = () => undefined;
let restoreSettings: () => void = () => undefined;
const log = createLogger();

beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 10 });
  // A clock that moves on by itself (ids and timestamps stay ordered) from wherever a test sets it.
  let last = 0;
  restoreClock = useClock(() => new Date(Math.max(clockAt, (last = Math.max(last + 1, clockAt)))));
});
afterAll(() => {
  restoreClock();
  restoreSettings();
});

const moveClockTo = (at: number) => {
  clockAt = at;
};

async function placeOnStrategy(panel: TestUser, grpId: string, quantity: number) {
  const body = { group_id: grpId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'INTRADAY', quantity, idempotency_key: `grp-${randomUUID()}` };
  return dataOf(await strategies().post(panel, '/users/broker/group/placeorder', body), groupOrderFanOutSchema);
}

const ordersOf = async (who: TestUser) => dataOf(await strategies().post(who, '/users/getuserorders', { limit: 50 }), cursorPage(orderSchema)).items;
const notificationsOf = async (who: TestUser) => dataOf(await strategies().post(who, '/users/getusernotifications', { limit: 20 }), userContracts.getUserNotifications.response).items;
const usersOf = async (panel: TestUser, grpId: string) =>
  dataOf(await strategies().post(panel, `${STRATEGIES}getstrategyusers`, { group_id: grpId }), strategySubscriptionContracts.getStrategyUsers.response);

async function subscribed(options: { multiplier: number; autoRenew: boolean; credits: number }) {
  const franchise = strategies();
  const panel = await franchise.newUser({ is_brokerpanel: true });
  const strategy = await franchise.strategy(panel, { priceCredits: 500, durationDays: 30 });
  const user = await franchise.newUser();
  await franchise.fund(user, options.credits * 100);
  const accountId = await franchise.paperAccount(user);
  const body = { group_id: strategy.grpId, plan_id: strategy.planId, broker_id: accountId, multiplier: options.multiplier, auto_renew: options.autoRenew };
  const { subscription } = dataOf(await franchise.subscribe(user, body), subscriptionAnswer);
  return { franchise, panel, strategy, user, accountId, subscription };
}

describe('a subscriber in the strategy fan-out', () => {
  it('receives the next strategy order at its multiplier as its own order; after the period it does not, and the schedule takes it out', async () => {
    moveClockTo(START.getTime());
    const { franchise, panel, strategy, user, accountId, subscription } = await subscribed({ multiplier: 2, autoRenew: false, credits: 1_000 });

    const placed = await placeOnStrategy(panel, strategy.grpId, 3);
    const child = placed.targets.find((target) => target.broker_id === accountId);
    expect(placed.targets.find((target) => target.role === 'master')).toMatchObject({ quantity: 3, outcome: 'placed' });
    expect(child).toMatchObject({ role: 'child', quantity: 6, outcome: 'placed', reason: null });
    const mine = await ordersOf(user);
    expect(mine).toEqual([expect.objectContaining({ broker_id: accountId, quantity: 6, origin: 'copytrading', status: 'completed' })]);
    // The panel's own order list has its master's order only; the group counts both.
    expect((await ordersOf(panel)).map((order) => order.broker_id)).toEqual([strategy.masterId]);
    const group = dataOf(await franchise.post(panel, '/users/groups/getgroupbyid', { group_id: strategy.grpId }), groupSchema);
    expect(group).toMatchObject({ total_orders: 2, total_quantity: 9, completed_quantity: 9, sub_user_count: 1 });

    // Three days before the end: one reminder, however often the schedule runs.
    moveClockTo(Date.parse(subscription.until) - 2 * DAY);
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ noticed: 1, expired: 0 });
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ noticed: 0, expired: 0 });
    expect((await notificationsOf(user))[0]?.notified_message).toContain('ends on');

    // After the end the next order skips it, before the schedule has even run.
    moveClockTo(Date.parse(subscription.until) + 60_000);
    const after = await placeOnStrategy(panel, strategy.grpId, 1);
    expect(after.targets.find((target) => target.broker_id === accountId)).toMatchObject({ outcome: 'skipped', quantity: 0, reason: SUBSCRIPTION_ENDED_MESSAGE });
    expect(await ordersOf(user)).toHaveLength(1);

    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ expired: 1 });
    const users = await usersOf(panel, strategy.grpId);
    expect(users).toMatchObject({ strategy_subscriptions_count: 1, sub_user_count: 0 });
    expect(users.items).toEqual([expect.objectContaining({ status: 'Expired', end_reason: 'expired', ended_at: subscription.until })]);
    const children = dataOf(await franchise.post(panel, '/users/groups/getgroupbrokers', { group_id: strategy.grpId }), z.array(z.unknown()));
    expect(children).toEqual([]);
    // Its order still counts on the group after it left.
    expect(dataOf(await franchise.post(panel, '/users/groups/getgroupbyid', { group_id: strategy.grpId }), groupSchema)).toMatchObject({ total_orders: 3, total_quantity: 10 });
    expect((await notificationsOf(user))[0]?.notified_message).toContain('no longer copies');
  });

  it("copies an order placed directly on the master to the subscriber at its multiplier, once however often the book is polled", async () => {
    moveClockTo(START.getTime() + 200 * DAY);
    const { franchise, panel, strategy, user, accountId } = await subscribed({ multiplier: 2, autoRenew: false, credits: 1_000 });
    const body = { broker_id: strategy.masterId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'INTRADAY', quantity: 2, idempotency_key: `direct-${randomUUID()}` };
    dataOf(await franchise.post(panel, '/users/broker/direct/placeorder', body), z.object({ order: orderSchema }));
    const owner = { frchId: franchise.frchId, userId: panel.user.user_id };
    for (let round = 0; round < 3; round += 1) {
      const report = await mirrorMaster({ owner, accountId: strategy.masterId, grpIds: [strategy.grpId] }, log, { onlyInPollingHours: false });
      expect(report.failedGroups).toEqual([]);
    }
    expect(await ordersOf(user)).toEqual([expect.objectContaining({ broker_id: accountId, quantity: 4, origin: 'copytrading', status: 'completed' })]);
  });

  it("keeps an ended subscriber's account in the group while its copy is pending; the owner cannot end it then, the subscriber can", async () => {
    moveClockTo(START.getTime() + 300 * DAY);
    const { franchise, panel, strategy, user, accountId, subscription } = await subscribed({ multiplier: 1, autoRenew: false, credits: 1_000 });
    const farBelow = 400;
    const body = { group_id: strategy.grpId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'LIMIT', price: farBelow, product: 'INTRADAY', quantity: 1, idempotency_key: `grp-${randomUUID()}` };
    const placed = dataOf(await franchise.post(panel, '/users/broker/group/placeorder', body), groupOrderFanOutSchema);
    const copy = placed.targets.find((target) => target.broker_id === accountId);
    expect(copy).toMatchObject({ outcome: 'placed', status: 'pending' });
    const id = { group_id: strategy.grpId, subscription_id: subscription.subscription_id };
    expectError(await franchise.post(panel, `${STRATEGIES}updatestrategysubscription`, { ...id, subscribed: false }), 409, SUBSCRIBER_PENDING_ORDERS_MESSAGE);

    dataOf(await franchise.post(user, `${STRATEGIES}updatestrategysubscription`, { ...id, subscribed: false }), strategySubscriptionContracts.updateStrategySubscription.response);
    const children = async () => dataOf(await franchise.post(panel, '/users/groups/getgroupbrokers', { group_id: strategy.grpId }), z.array(z.object({ broker_id: z.string() })));
    expect((await children()).map((child) => child.broker_id)).toEqual([accountId]);
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ removed: 0, skipped: 1 });

    dataOf(await franchise.post(user, '/users/broker/direct/updateorder', { order_id: copy?.order_id, action: 'cancel' }), z.unknown());
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ removed: 1 });
    expect(await children()).toEqual([]);
    expect(await usersOf(panel, strategy.grpId)).toMatchObject({ sub_user_count: 0, items: [expect.objectContaining({ status: 'Expired', end_reason: 'unsubscribed' })] });
  });

  it('auto-renews from the wallet once per period, and ends when the wallet cannot pay', async () => {
    moveClockTo(START.getTime() + 100 * DAY);
    const { franchise, user, panel, strategy, subscription } = await subscribed({ multiplier: 1, autoRenew: true, credits: 1_200 });
    expect(await franchise.balanceOf(user)).toBe(700_00);

    moveClockTo(Date.parse(subscription.until) + 1_000);
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ renewed: 1 });
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ renewed: 0 });
    expect(await franchise.balanceOf(user)).toBe(200_00);
    const renewed = (await usersOf(panel, strategy.grpId)).items[0];
    expect(renewed).toMatchObject({ status: 'Active', since: subscription.since });
    expect(Date.parse(renewed?.until ?? '')).toBe(Date.parse(subscription.until) + 30 * DAY);
    const debits = (await listWholeLedger({ frchId: franchise.frchId, userId: user.user.user_id })).filter((entry) => entry.type === 'debit');
    expect(debits.map((entry) => entry.reason)).toEqual(['strategy_subscription', 'strategy_subscription']);

    // The next period: ₹200 cannot pay ₹500, so it ends.
    moveClockTo(Date.parse(renewed?.until ?? '') + 1_000);
    expect(await runStrategySubscriptionRenewals(log, franchise.frchId)).toMatchObject({ expired: 1, renewed: 0 });
    expect(await franchise.balanceOf(user)).toBe(200_00);
    expect((await usersOf(panel, strategy.grpId))).toMatchObject({ sub_user_count: 0, items: [expect.objectContaining({ status: 'Expired', end_reason: 'expired' })] });
    expect((await notificationsOf(user))[0]?.notified_message).toContain('could not pay');
  });
});
