import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { placedOrderSchema } from '../../shared/contracts/orders';
import { dynamo } from '../../functions/platform/clients';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { TRADING_OFF_MESSAGE } from '../../functions/orders/tradable-account';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 22: a direct order reads its account at most once within seconds — a recent copy serves the
 * next orders, trusted only because the intent's own transaction checks the copy's version. A change
 * in between (trading turned off, the account removed) is never missed, and a copy never serves
 * another user.
 */
const api = useGateway();
let restoreSettings: () => void = () => undefined;
/** GetItem calls on broker-account items (`BRK#…`) made by this process since the last reset. */
let accountReads = 0;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const sortKey = (args.input as { Key?: { SK?: unknown } }).Key?.SK;
      if (context.commandName === 'GetCommand' && typeof sortKey === 'string' && sortKey.startsWith('BRK#')) accountReads += 1;
      return next(args);
    },
    { step: 'initialize', name: 'countAccountReads' },
  );
});
afterAll(() => restoreSettings());

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const order = (brokerId: string) => ({ broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `key-${randomUUID()}` });
const setTrading = async (who: TestUser, brokerId: string, on: boolean) =>
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: brokerId, trading_enabled: on }), brokerAccountSchema);

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  await setTrading(who, connected.account.broker_id, true);
  return connected.account.broker_id;
}

describe('the order path’s recent copy of the account', () => {
  it('places the next orders without reading the account again', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    dataOf(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), placedOrderSchema);
    accountReads = 0;
    for (let n = 0; n < 3; n += 1) expect(dataOf(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), placedOrderSchema).order.status).toBe('completed');
    expect(accountReads).toBe(0);
  });

  it('never misses a change in between: trading turned off refuses at once, on again places', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    dataOf(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), placedOrderSchema);
    await setTrading(alice, brokerId, false);
    expectError(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), 422, TRADING_OFF_MESSAGE);
    await setTrading(alice, brokerId, true);
    expect(dataOf(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), placedOrderSchema).order.status).toBe('completed');
  });

  it('refuses a removed account right after an order from it', async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    dataOf(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), placedOrderSchema);
    expect((await post(alice, '/users/broker/removebroker', { broker_id: brokerId })).status).toBe(200);
    const refused = await post(alice, '/users/broker/direct/placeorder', order(brokerId));
    expect([404, 422]).toContain(refused.status);
  });

  it("never serves one user's copy to another: another user's account id is 404", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    dataOf(await post(alice, '/users/broker/direct/placeorder', order(brokerId)), placedOrderSchema);
    expectError(await post(mallory, '/users/broker/direct/placeorder', order(brokerId)), 404);
    expectError(await post(mallory, '/users/watchlist/placeorder', { ...order(brokerId), script_id: 'NSE:SBIN' }), 404);
  });
});
