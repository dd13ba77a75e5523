import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now, nowMs } from '../../functions/platform/clock';
import { describe, expect, it } from 'vitest';
import { brokerAccountKeys, orderKeys, positionKeys, userKeys } from '../../functions/data/keys';
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
  current_credit: 0,
  unread_notifications: 0,
};

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

  it("counts the user's own broker accounts, today's orders, open positions, credit and unread notifications", async () => {
    // Prepare: items written straight to the table, as the broker, order and wallet code will write them
    const alice = await createTestUser();
    const bob = await createTestUser();
    const { frch_id: frch, user_id: user } = alice.user;
    const today = tradingDay(now());
    const yesterday = tradingDay(new Date(nowMs() - 86_400_000));
    for (const [id, status] of [['a', 'connected'], ['b', 'connected'], ['c', 'expired'], ['d', 'deleted'], ['e', 'available']] as const) {
      await put({ ...brokerAccountKeys.item(frch, user, id), entity: 'broker-account', status });
    }
    for (const [id, status] of [['1', 'pending'], ['2', 'completed'], ['3', 'completed'], ['4', 'rejected']] as const) {
      await put({ ...orderKeys.item(frch, user, today, id), entity: 'order', status });
    }
    await put({ ...orderKeys.item(frch, user, yesterday, '5'), entity: 'order', status: 'failed' });
    await put({ ...positionKeys.item(frch, user, 'p1'), entity: 'position', is_open: true });
    await put({ ...positionKeys.item(frch, user, 'p2'), entity: 'position', is_open: true });
    await put({ ...positionKeys.item(frch, user, 'p3'), entity: 'position', is_open: false });
    await putNotification(frch, user, { notifyType: 'Broker Connected', message: 'Zerodha connected' });
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: userKeys.profile(frch, user),
        UpdateExpression: 'SET current_credit = :credit',
        ExpressionAttributeValues: { ':credit': 1250.5 },
      }),
    );
    await put({ ...brokerAccountKeys.item(bob.user.frch_id, bob.user.user_id, 'z'), entity: 'broker-account', status: 'connected' });
    // Act
    const dashboard = await dashboardOf(alice);
    // Assess
    expect(dashboard).toEqual({
      broker_accounts: { available: 1, connected: 2, expired: 1, deleted: 1 },
      orders_today: { pending: 1, completed: 2, cancelled: 0, rejected: 1, failed: 0 },
      open_positions: 2,
      current_credit: 1250.5,
      unread_notifications: 1,
    });
    expect(await dashboardOf(bob)).toEqual({ ...ZEROS, broker_accounts: { ...ZEROS.broker_accounts, connected: 1 } });
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
