import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { accountFundsSchema } from '../../shared/contracts/broker-trading';
import { placedOrderSchema } from '../../shared/contracts/orders';
import { roundMoney } from '../../functions/broker-adapters/paper/price-math';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { nowMs } from '../../functions/platform/clock';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * POST /users/broker/getbrokerfunds (issue 16, defect 4): the Funds card reads the account's funds from
 * its broker after every order and every half minute, instead of showing the last Refresh for ever.
 * A paper account, traded through the real order path on DynamoDB Local.
 */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const errorOf = (answer: ApiAnswer) => z.object({ error: z.object({ message: z.string() }) }).parse(answer.body).error.message;
const fundsOf = async (who: TestUser, brokerId: string) => dataOf(await post(who, '/users/broker/getbrokerfunds', { broker_id: brokerId }), accountFundsSchema);

async function paperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return connected.account.broker_id;
}

describe('POST /users/broker/getbrokerfunds', () => {
  it("reads the broker's funds now: a filled delivery buy moves its cost out of what is available", async () => {
    const alice = await createTestUser();
    const brokerId = await paperAccount(alice);
    const before = await fundsOf(alice, brokerId);
    expect(before.available).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(before.read_at) - nowMs())).toBeLessThan(60_000);

    const ticket = { broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 3, idempotency_key: `funds-${randomUUID()}` };
    const { order } = dataOf(await post(alice, '/users/broker/direct/placeorder', ticket), placedOrderSchema);
    expect(order.status).toBe('completed');

    const after = await fundsOf(alice, brokerId);
    const cost = roundMoney((order.average_price ?? 0) * 3);
    expect(cost).toBeGreaterThan(0);
    expect(roundMoney(before.available - after.available)).toBeCloseTo(cost, 2);
    expect(Date.parse(after.read_at)).toBeGreaterThanOrEqual(Date.parse(before.read_at));
  });

  it('refuses an account that is not connected, and a removed one, with the order path\'s 422', async () => {
    const alice = await createTestUser();
    const expired = await paperAccount(alice);
    await updateBrokerAccount({ frchId: alice.user.frch_id, userId: alice.user.user_id }, expired, { set: { status: 'expired' } }, { statuses: ['connected'] });
    const notConnected = await post(alice, '/users/broker/getbrokerfunds', { broker_id: expired });
    expect(notConnected.status).toBe(422);
    expect(errorOf(notConnected)).toBe('This broker account is not connected. Connect it again to trade.');
    const removed = await paperAccount(alice);
    expect((await post(alice, '/users/broker/removebroker', { broker_id: removed })).status).toBe(200);
    expect((await post(alice, '/users/broker/getbrokerfunds', { broker_id: removed })).status).toBe(422);
  });

  it('refuses a missing or malformed broker_id with 400', async () => {
    const alice = await createTestUser();
    expect((await post(alice, '/users/broker/getbrokerfunds', {})).status).toBe(400);
    expect((await post(alice, '/users/broker/getbrokerfunds', { broker_id: 'not-an-account' })).status).toBe(400);
  });

  it("answers 404 for another user's account and an unknown id", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const paper = await paperAccount(alice);
    for (const brokerId of [paper, '01ARZ3NDEKTSV4RRFFQ69G5FAV']) {
      const answer = await post(mallory, '/users/broker/getbrokerfunds', { broker_id: brokerId });
      expect(answer.status, brokerId).toBe(404);
    }
  });
});
