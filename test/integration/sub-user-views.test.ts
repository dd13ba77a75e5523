import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { placedOrderSchema } from '../../shared/contracts/orders';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { userKeys } from '../../functions/data/keys';
import { subUserKeys } from '../../functions/data/sub-users/sub-user-keys';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { dynamo } from '../../functions/platform/clients';
import { useClock } from '../../functions/platform/clock';
import { config } from '../../functions/platform/config';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());

const VIEWS = '/users/subusermanagement';
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

/** A user added by `parent` (as `addsubuser` leaves it: the profile names its parent and is listed under it). */
async function subUserOf(parent: TestUser): Promise<TestUser> {
  const child = await createTestUser({ frchId: parent.user.frch_id });
  const listing = subUserKeys.parentListing(parent.user.frch_id, parent.user.user_id, child.user.user_id);
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: userKeys.profile(child.user.frch_id, child.user.user_id),
      UpdateExpression: 'SET parent_user_id = :parent, GSI3PK = :pk, GSI3SK = :sk',
      ExpressionAttributeValues: { ':parent': parent.user.user_id, ':pk': listing.GSI3PK, ':sk': listing.GSI3SK },
    }),
  );
  return child;
}

async function family() {
  const parent = await createTestUser({ roles: { can_add_subuser: true } });
  const other = await createTestUser({ roles: { can_add_subuser: true } });
  const child = await subUserOf(parent);
  return { parent, other, child };
}

describe("a parent's views of one sub-user", () => {
  it("ledger: the sub-user's wallet entries for its parent; 404 for another parent", async () => {
    const { parent, other, child } = await family();
    await moveWallet({ owner: { frchId: 1, userId: parent.user.user_id }, direction: 'credit', amountPaise: 50_000, reason: 'bank_transfer', description: 'Top-up', idempotencyKey: `bank-transfer#${randomUUID()}` });
    dataOf(await post(parent, `${VIEWS}/creditdebitsubuser`, { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 12_300, idempotency_key: `key-${randomUUID()}` }), z.unknown());
    const ledger = dataOf(await post(parent, `${VIEWS}/getledger`, { sub_user_id: child.user.user_id }), subUserViewContracts.getLedger.response);
    expect(ledger.items.map((entry) => [entry.type, entry.amount_paise, entry.balance_after_paise, entry.reason])).toEqual([['credit', 12_300, 12_300, 'subuser_transfer']]);
    expectError(await post(other, `${VIEWS}/getledger`, { sub_user_id: child.user.user_id }), 404);
    expectError(await post(parent, `${VIEWS}/getledger`, { sub_user_id: child.user.user_id, from_date: '2026-13-01' }), 400);
  });

  it("activities and orders: what the sub-user did and its paper orders; 404 for another parent", async () => {
    const { parent, other, child } = await family();
    const connected = dataOf(await post(child, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
    const brokerId = connected.account.broker_id;
    dataOf(await post(child, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: true }), brokerAccountSchema);
    const order = dataOf(
      await post(child, '/users/broker/direct/placeorder', {
        broker_id: brokerId,
        script_id: 'NSE:SBIN',
        transaction_type: 'BUY',
        order_type: 'MARKET',
        product: 'DELIVERY',
        quantity: 1,
        idempotency_key: `key-${randomUUID()}`,
      }),
      placedOrderSchema,
    ).order;

    const activities = dataOf(await post(parent, `${VIEWS}/getsubuseractivities`, { sub_user_id: child.user.user_id }), subUserViewContracts.getSubUserActivities.response);
    expect(activities.items.map((activity) => activity.action)).toContain('Connected broker account');
    const orders = dataOf(await post(parent, `${VIEWS}/getorderhistory`, { sub_user_id: child.user.user_id }), subUserViewContracts.getOrderHistory.response);
    expect(orders.items.map((one) => [one.order_id, one.broker_id, one.trading_symbol])).toEqual([[order.order_id, brokerId, 'SBIN']]);
    const none = dataOf(await post(parent, `${VIEWS}/getorderhistory`, { sub_user_id: child.user.user_id, status: 'rejected' }), subUserViewContracts.getOrderHistory.response);
    expect(none.items).toEqual([]);

    expectError(await post(other, `${VIEWS}/getsubuseractivities`, { sub_user_id: child.user.user_id }), 404);
    expectError(await post(other, `${VIEWS}/getorderhistory`, { sub_user_id: child.user.user_id }), 404);
    // The parent's own order history holds none of the sub-user's orders.
    expect(dataOf(await post(parent, '/users/getuserorders', {}), z.object({ items: z.array(z.unknown()) })).items).toEqual([]);
  });

  it('subscribed strategies: empty before any subscription; 404 for another parent, 400, 403 (real subscriptions: strategy-subscriptions.test.ts)', async () => {
    const { parent, other, child } = await family();
    const read = async () => dataOf(await post(parent, `${VIEWS}/getsubscribedstrategies`, { sub_user_id: child.user.user_id }), subUserViewContracts.getSubscribedStrategies.response);
    expect(await read()).toEqual({ items: [] });
    expectError(await post(other, `${VIEWS}/getsubscribedstrategies`, { sub_user_id: child.user.user_id }), 404);
    expectError(await post(parent, `${VIEWS}/getsubscribedstrategies`, { sub_user_id: 'twelve' }), 400);
    expectError(await post(child, `${VIEWS}/getsubscribedstrategies`, { sub_user_id: parent.user.user_id }), 403);
  });
});
