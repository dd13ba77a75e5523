import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupBrokerSchema, groupOrderFanOutSchema, groupPositionsSchema, groupSchema } from '../../shared/contracts/groups';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * Group positions include the master (issue 16, defect 9): a group order is placed on the master as well
 * as on the children, so the group's positions read the master too, name it apart and count it in the
 * net and the P&L totals. Paper accounts on DynamoDB Local, the paper exchange always open.
 */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 10 });
});
afterAll(() => restoreSettings());

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

async function paperAccount(who: TestUser): Promise<{ brokerId: string; name: string }> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return { brokerId: account.broker_id, name: account.broker_combined_name };
}

async function groupWithMaster(who: TestUser) {
  const group = dataOf(await post(who, '/users/groups/addgroup', { grp_name: 'Master and one', trading_enabled: true }), groupSchema);
  const master = await paperAccount(who);
  dataOf(await post(who, '/users/groups/connectmaster', { group_id: group.grp_id, broker_id: master.brokerId }), groupSchema);
  const childAccount = await paperAccount(who);
  const child = dataOf(await post(who, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: childAccount.brokerId, multiplier: 2 }), groupBrokerSchema);
  return { group, master, child };
}

const positionsOf = async (who: TestUser, groupId: string) => dataOf(await post(who, '/users/broker/group/getpositions', { group_id: groupId }), groupPositionsSchema);

describe('group positions include the master', () => {
  it("reads the master's position, labels it apart from the children, and nets it with theirs", async () => {
    const alice = await createTestUser();
    const { group, master, child } = await groupWithMaster(alice);
    const ticket = { group_id: group.grp_id, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 3, idempotency_key: `grp-${randomUUID()}` };
    const fanOut = dataOf(await post(alice, '/users/broker/group/placeorder', ticket), groupOrderFanOutSchema);
    expect(fanOut.targets.map((target) => [target.role, target.outcome, target.quantity])).toEqual([
      ['master', 'placed', 3],
      ['child', 'placed', 6],
    ]);

    const positions = await positionsOf(alice, group.grp_id);
    expect(positions.master).toMatchObject({ broker_id: master.brokerId, broker_combined_name: master.name, reason: null });
    expect(positions.master?.positions?.positions).toEqual([expect.objectContaining({ script_id: 'NSE:SBIN', net_quantity: 3, product: 'DELIVERY' })]);
    expect(positions.children).toEqual([expect.objectContaining({ grp_broker_id: child.grp_broker_id, reason: null })]);
    expect(positions.children[0]?.positions?.positions).toEqual([expect.objectContaining({ script_id: 'NSE:SBIN', net_quantity: 6 })]);
    expect(positions.net).toEqual([expect.objectContaining({ script_id: 'NSE:SBIN', product: 'DELIVERY', net_quantity: 9, accounts: 2, children: 1 })]);
    const masterPnl = positions.master?.positions?.totals.total_pnl ?? Number.NaN;
    const childPnl = positions.children[0]?.positions?.totals.total_pnl ?? Number.NaN;
    expect(positions.totals.total_pnl).toBeCloseTo(masterPnl + childPnl, 2);
  });

  it("says why a master that is not connected could not be read, and still nets the children", async () => {
    const alice = await createTestUser();
    const { group, master } = await groupWithMaster(alice);
    const ticket = { group_id: group.grp_id, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `grp-${randomUUID()}` };
    dataOf(await post(alice, '/users/broker/group/placeorder', ticket), groupOrderFanOutSchema);
    await updateBrokerAccount({ frchId: alice.user.frch_id, userId: alice.user.user_id }, master.brokerId, { set: { status: 'expired' } }, { statuses: ['connected'] });

    const positions = await positionsOf(alice, group.grp_id);
    expect(positions.master).toMatchObject({ broker_id: master.brokerId, positions: null, reason: 'This broker account is not connected. Connect it again to trade.' });
    expect(positions.net).toEqual([expect.objectContaining({ script_id: 'NSE:SBIN', net_quantity: 2, accounts: 1, children: 1 })]);
  });

  it('answers master null for a group without one', async () => {
    const alice = await createTestUser();
    const group = dataOf(await post(alice, '/users/groups/addgroup', { grp_name: 'No master', trading_enabled: true }), groupSchema);
    const positions = await positionsOf(alice, group.grp_id);
    expect(positions).toMatchObject({ master: null, children: [], net: [] });
  });

  it("answers 404 for another user's group, which names the master", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const { group } = await groupWithMaster(alice);
    const answer = await post(mallory, '/users/broker/group/getpositions', { group_id: group.grp_id });
    expect(answer.status).toBe(404);
  });
});
