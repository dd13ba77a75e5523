import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now, nowMs } from '../../functions/platform/clock';
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { BrokerStatus } from '../../shared/domain/states';
import { createBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { orderKeys, userKeys } from '../../functions/data/keys';
import { SESSION_ENDED_REASON } from '../../functions/portfolio/account-readings';
import { putNotification } from '../../functions/data/notifications-repository';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { tradingDay } from '../../shared/domain/market-clock';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();

const ZEROS = {
  broker_accounts: { available: 0, connected: 0, expired: 0, deleted: 0 },
  orders_today: { pending: 0, completed: 0, cancelled: 0, rejected: 0, failed: 0 },
  open_positions: 0,
  open_positions_detail: { broker_positions: 0, order_manager_only: 0, order_manager_in_broker: 0 },
  pnl: { realised_pnl: 0, unrealised_pnl: 0, total_pnl: 0, margin_used: 0, margin_available: 0, accounts: [], accounts_not_read: [] },
  current_credit: 0,
  unread_notifications: 0,
};

/** A Zerodha account in the given state with no broker session (so a connected one cannot be read). */
async function zerodhaAccount(who: TestUser, status: BrokerStatus): Promise<string> {
  const brokerId = ulid();
  const account = {
    frch_id: who.user.frch_id,
    user_id: who.user.user_id,
    broker_id: brokerId,
    broker: 'zerodha' as const,
    status,
    broker_user_id: null,
    trading_enabled: false,
    auto_renew: false,
    note: '',
    session_valid_until: null,
    subscription_plan_id: null,
    subscription_started_at: null,
    subscription_expires_at: null,
    subscription_paid_credits: 0,
    funds: null,
  };
  await createBrokerAccount(account, null, now());
  return brokerId;
}

async function put(item: Record<string, unknown>) {
  await dynamo().send(new PutCommand({ TableName: config().tableName, Item: item }));
}

async function dashboardOf(who: TestUser) {
  const answer = await api.call('GET', '/users/dashboard', { token: who.token });
  expect(answer.status).toBe(200);
  return (answer.body as { data: unknown }).data;
}

describe('GET /users/dashboard', () => {
  it('answers zeros for a new user', async () => {
    const alice = await createTestUser();
    const answer = await api.call('GET', '/users/dashboard', { token: alice.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, result: 'Dashboard fetched', data: ZEROS });
  });

  it("counts the user's own broker accounts, today's orders, credit and unread notifications, and lists the accounts it could not read", async () => {
    // Prepare: items written straight to the table, as the broker, order and wallet code will write them
    const alice = await createTestUser();
    const bob = await createTestUser();
    const { frch_id: frch, user_id: user } = alice.user;
    const today = tradingDay(now());
    const yesterday = tradingDay(new Date(nowMs() - 86_400_000));
    const accounts: Partial<Record<BrokerStatus | 'connectedToo', string>> = {};
    for (const status of ['connected', 'connectedToo', 'expired', 'deleted', 'available'] as const) {
      accounts[status] = await zerodhaAccount(alice, status === 'connectedToo' ? 'connected' : status);
    }
    for (const [id, status] of [['1', 'pending'], ['2', 'completed'], ['3', 'completed'], ['4', 'rejected']] as const) {
      await put({ ...orderKeys.item(frch, user, today, id), entity: 'order', status });
    }
    await put({ ...orderKeys.item(frch, user, yesterday, '5'), entity: 'order', status: 'failed' });
    await putNotification(frch, user, { notifyType: 'Broker Connected', message: 'Zerodha connected' });
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: userKeys.profile(frch, user),
        UpdateExpression: 'SET current_credit = :credit',
        ExpressionAttributeValues: { ':credit': 1250.5 },
      }),
    );
    const bobs = await zerodhaAccount(bob, 'connected');
    // Act
    const dashboard = await dashboardOf(alice);
    // Assess
    const notRead = (brokerId: string | undefined) => ({ broker_id: brokerId, broker: 'zerodha', broker_combined_name: expect.any(String), reason: SESSION_ENDED_REASON });
    expect(dashboard).toEqual({
      ...ZEROS,
      broker_accounts: { available: 1, connected: 2, expired: 1, deleted: 1 },
      orders_today: { pending: 1, completed: 2, cancelled: 0, rejected: 1, failed: 0 },
      pnl: { ...ZEROS.pnl, accounts_not_read: [accounts.connected, accounts.connectedToo, accounts.expired].sort().map(notRead) },
      current_credit: 1250.5,
      unread_notifications: 1,
    });
    expect(await dashboardOf(bob)).toEqual({
      ...ZEROS,
      broker_accounts: { ...ZEROS.broker_accounts, connected: 1 },
      pnl: { ...ZEROS.pnl, accounts_not_read: [notRead(bobs)] },
    });
  });

  it('moves the unread count when notifications are read', async () => {
    const alice = await createTestUser();
    await putNotification(alice.user.frch_id, alice.user.user_id, { notifyType: 'Group Expired', message: 'g' });
    expect(await dashboardOf(alice)).toMatchObject({ unread_notifications: 1 });
    await api.call('POST', '/users/getusernotifications', { token: alice.token, body: { mark_all_read: true } });
    expect(await dashboardOf(alice)).toMatchObject({ unread_notifications: 0 });
  });

  it('answers 401 without a token and 400 for unknown query parameters', async () => {
    const alice = await createTestUser();
    expect((await api.call('GET', '/users/dashboard')).status).toBe(401);
    expect((await api.call('GET', '/users/dashboard?user_id=1', { token: alice.token })).status).toBe(400);
  });
});
