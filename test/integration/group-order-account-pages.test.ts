import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupBrokerSchema, groupOrderFanOutSchema, groupSchema } from '../../shared/contracts/groups';
import { brokerAccountKeys } from '../../functions/data/keys';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { TRADING_OFF_MESSAGE } from '../../functions/orders/tradable-account';
import { dynamo } from '../../functions/platform/clients';
import { dataOf } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 22: a group order no longer reads every account before its first child leaves. It records the
 * targets from the children alone, reads their accounts in pages (a first page of 10, then up to 100)
 * while the record is written, and checks each account as its order is sent. Paper accounts, the real
 * route on DynamoDB Local; the engine's requests are watched through the SDK client's middleware.
 */
const api = useGateway();
let restoreSettings: () => void = () => undefined;

/** The BatchGetItem requests for broker accounts, each as the number of account keys it asked for. */
const accountBatches: number[] = [];
let watching = false;

beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (watching && context.commandName === 'BatchGetItemCommand') {
        const requests = (args.input as { RequestItems?: Record<string, { Keys?: { SK?: unknown }[] }> }).RequestItems ?? {};
        const keys = Object.values(requests).flatMap((request) => request.Keys ?? []);
        const accountKeys = keys.filter((key) => String(key.SK).startsWith(brokerAccountKeys.prefix));
        if (accountKeys.length > 0) accountBatches.push(accountKeys.length);
      }
      return next(args);
    },
    { step: 'initialize', name: 'watchAccountBatches' },
  );
});
afterAll(() => restoreSettings());

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

async function paperAccount(who: TestUser, trading: boolean): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: trading }), brokerAccountSchema);
  return connected.account.broker_id;
}

describe('a group order reads its accounts in pages as it sends (issue 22)', () => {
  it('sends 14 children after reading a first page of 10 accounts, and skips a page-2 account with trading off', async () => {
    // Prepare: 14 children in the order added; the 12th (on the second page) has its account's trading off.
    const alice = await createTestUser();
    const group = dataOf(await post(alice, '/users/groups/addgroup', { grp_name: 'Paged', trading_enabled: true }), groupSchema);
    const accounts = await Promise.all(Array.from({ length: 14 }, () => paperAccount(alice, true)));
    for (const brokerId of accounts) dataOf(await post(alice, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: brokerId, multiplier: 2 }), groupBrokerSchema);
    const tradingOff = accounts[11] ?? '';
    dataOf(await post(alice, '/users/broker/updatebrokertradingflag', { broker_id: tradingOff, trading_enabled: false }), brokerAccountSchema);
    const ticket = { group_id: group.grp_id, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `paged-${randomUUID()}` };
    // Act
    accountBatches.length = 0;
    watching = true;
    const answer = dataOf(await post(alice, '/users/broker/group/placeorder', ticket), groupOrderFanOutSchema);
    watching = false;
    const replayed = dataOf(await post(alice, '/users/broker/group/placeorder', ticket), groupOrderFanOutSchema);
    // Assess: two pages, the first small; no listing of all the owner's accounts first.
    expect(accountBatches).toEqual([10, 4]);
    expect(answer.targets.map((target) => target.broker_id)).toEqual(accounts);
    const skipped = answer.targets.filter((target) => target.outcome === 'skipped');
    expect(skipped).toEqual([expect.objectContaining({ broker_id: tradingOff, quantity: 0, order: null, reason: TRADING_OFF_MESSAGE })]);
    const placed = answer.targets.filter((target) => target.outcome === 'placed');
    expect(placed).toHaveLength(13);
    for (const target of placed) expect(target.order).toMatchObject({ quantity: 2, submission: 'SUBMITTED', status: 'completed' });
    expect(new Set(placed.map((target) => target.broker_combined_name)).size).toBe(13);
    // The recorded group order says the same: the skipped target holds no order key and no quantity.
    expect(replayed).toMatchObject({ replayed: true, group_order_id: answer.group_order_id, state: 'placed' });
    expect(replayed.targets.map(({ outcome, quantity, order_id }) => ({ outcome, quantity, order_id }))).toEqual(
      answer.targets.map(({ outcome, quantity, order_id }) => ({ outcome, quantity, order_id })),
    );
  });

  it("skips a child whose account was removed after it joined", async () => {
    const bob = await createTestUser();
    const group = dataOf(await post(bob, '/users/groups/addgroup', { grp_name: 'Removed', trading_enabled: true }), groupSchema);
    const [kept, removed] = [await paperAccount(bob, true), await paperAccount(bob, true)];
    for (const brokerId of [kept, removed]) dataOf(await post(bob, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: brokerId, multiplier: 1 }), groupBrokerSchema);
    expect((await post(bob, '/users/broker/removebroker', { broker_id: removed })).status).toBe(200);
    const answer = dataOf(
      await post(bob, '/users/broker/group/placeorder', { group_id: group.grp_id, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `removed-${randomUUID()}` }),
      groupOrderFanOutSchema,
    );
    expect(answer.targets.map(({ broker_id, outcome }) => ({ broker_id, outcome }))).toEqual([
      { broker_id: kept, outcome: 'placed' },
      { broker_id: removed, outcome: 'skipped' },
    ]);
    expect(answer.targets[1]?.reason).toMatch(/removed|not connected/i);
  });
});
