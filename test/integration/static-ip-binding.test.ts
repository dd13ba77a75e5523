import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { staticIpContracts } from '../../shared/contracts/ips';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { getSlot } from '../../functions/data/static-ips/static-ips-repository';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { useClock, useWallClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { runStaticIpRenewals } from '../../functions/static-ips/renew-static-ips';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { testLoginContext } from '../support/login-context';
import { useIpFranchise, type IpFranchise, type PoolActor } from '../support/static-ip-pool';

/**
 * Static IPs after purchase (issue 20, ADR 0014): binding and moving between the holder's accounts under
 * the brokers' 7-day rule, removal into quarantine, buying a quarantined slot, the renewal schedule, and
 * allocation to sub-users by a parent and by the broker panel.
 */
const api = useGateway();
const IPS = '/users/ips/';
const MONTHLY_PAISE = 50_000;
const DAY = 86_400_000;
const START = Date.parse('2026-03-02T04:30:00.000Z');

afterEach(() => useWallClock());
const at = (days: number, extraMs = 0) => useClock(new Date(START + days * DAY + extraMs));
const key = () => `bind-${randomUUID().slice(0, 18)}`;
const ipAnswer = staticIpContracts.updateStaticIp.response;

async function paperAccount(franchise: IpFranchise, who: PoolActor): Promise<string> {
  const { account } = await connectAccount({ frchId: franchise.frchId, userId: who.userId }, { broker: 'paper' }, testLoginContext());
  return account.broker_id;
}
const accountOf = (franchise: IpFranchise, who: PoolActor, brokerId: string) => getBrokerAccount({ frchId: franchise.frchId, userId: who.userId }, brokerId);

async function buyerWithIp(franchise: IpFranchise, body: Record<string, unknown> = {}, funds = 5_000_00) {
  const buyer = await franchise.newUser({ can_add_subuser: true });
  await franchise.fund(buyer, funds);
  const answer = await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key(), ...body });
  return { buyer, ip: dataOf(answer, staticIpContracts.purchaseStaticIp.response).ip };
}

describe('binding an IP to accounts', () => {
  const pool = useIpFranchise(api);

  it('binds at purchase, moves only after 7 days, and writes each account’s egress copy', async () => {
    at(0);
    const franchise = pool();
    await franchise.addSlots(2);
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 5_000_00);
    const [first, second] = [await paperAccount(franchise, buyer), await paperAccount(franchise, buyer)];
    const bought = await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key(), broker_ids: [first] });
    const { ip } = dataOf(bought, staticIpContracts.purchaseStaticIp.response);
    expect(ip.accounts.map((account) => account.broker_id)).toEqual([first]);
    expect((await accountOf(franchise, buyer, first))?.egress).toMatchObject({ ip_id: ip.ip_id, address: ip.address, bind_address: ip.address, proxy_url: 'http://127.0.0.1:9', registration: 'registered' });

    at(3);
    const early = expectError(await franchise.call(buyer, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, broker_ids: [second] }), 409);
    expect(early.message).toContain('2026-03-09T04:30:00.000Z');
    expect((await accountOf(franchise, buyer, second))?.egress).toBeUndefined();
    // A label and role change moves no account: allowed at once.
    dataOf(await franchise.call(buyer, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, label: 'Algo desk', role: 'secondary' }), ipAnswer);

    at(7, 1);
    const moved = dataOf(await franchise.call(buyer, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, broker_ids: [second] }), ipAnswer).ip;
    expect(moved).toMatchObject({ label: 'Algo desk', role: 'secondary' });
    expect(moved.accounts.map((account) => account.broker_id)).toEqual([second]);
    expect(moved.accounts[0]?.next_change_at).toBe(new Date(START + 14 * DAY + 1).toISOString());
    expect((await accountOf(franchise, buyer, first))?.egress).toBeUndefined();
    expect((await accountOf(franchise, buyer, second))?.egress?.ip_id).toBe(ip.ip_id);
    const listed = dataOf(await franchise.call(buyer, 'GET', `${IPS}getstaticips`), staticIpContracts.getStaticIps.response);
    expect(listed.accounts_without_ip).toEqual([]);

    // The account that just lost its IP may not take another one in the same week: nothing is bought.
    const balance = (await getWalletBalance({ frchId: franchise.frchId, userId: buyer.userId })).balancePaise;
    expectError(await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key(), broker_ids: [first] }), 409);
    expect((await getWalletBalance({ frchId: franchise.frchId, userId: buyer.userId })).balancePaise).toBe(balance);
  });

  it("answers 404 for another user's account or IP and changes nothing", async () => {
    at(0);
    const franchise = pool();
    await franchise.addSlots(2);
    const { buyer, ip } = await buyerWithIp(franchise);
    const stranger = await franchise.newUser();
    const strangersAccount = await paperAccount(franchise, stranger);
    expectError(await franchise.call(buyer, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, broker_ids: [strangersAccount] }), 404);
    expect((await accountOf(franchise, stranger, strangersAccount))?.egress).toBeUndefined();
    for (const call of ['updatestaticip', 'removestaticip', 'checkegress']) {
      expectError(await franchise.call(stranger, 'POST', `${IPS}${call}`, { ip_id: ip.ip_id }), 404, 'Static IP not found');
    }
    expect((await getSlot(franchise.frchId, ip.ip_id))?.holder_user_id).toBe(buyer.userId);
  });
});

describe('removal and quarantine', () => {
  const pool = useIpFranchise(api);

  it('removes into quarantine (accounts unbound), and the slot is bought again only after its quarantine', async () => {
    at(0);
    const franchise = pool();
    await franchise.addSlots(1);
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 5_000_00);
    const account = await paperAccount(franchise, buyer);
    const { ip } = dataOf(await franchise.call(buyer, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key(), broker_ids: [account] }), staticIpContracts.purchaseStaticIp.response);

    at(1);
    dataOf(await franchise.call(buyer, 'POST', `${IPS}removestaticip`, { ip_id: ip.ip_id }), staticIpContracts.removeStaticIp.response);
    expect((await accountOf(franchise, buyer, account))?.egress).toBeUndefined();
    const poolView = dataOf(await franchise.call(franchise.admin, 'GET', `${IPS}getippool`), staticIpContracts.getIpPool.response);
    expect(poolView.items).toEqual([expect.objectContaining({ ip_id: ip.ip_id, state: 'quarantined', holder_user_id: null, quarantined_until: new Date(START + 31 * DAY).toISOString() })]);

    const other = await franchise.newUser();
    await franchise.fund(other, 1_000_00);
    at(30);
    expectError(await franchise.call(other, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key() }), 409);
    at(31, 1);
    const again = dataOf(await franchise.call(other, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key() }), staticIpContracts.purchaseStaticIp.response);
    expect(again.ip).toMatchObject({ ip_id: ip.ip_id, address: ip.address, holder_user_id: other.userId });
    expect((await getWalletBalance({ frchId: franchise.frchId, userId: other.userId })).balancePaise).toBe(1_000_00 - MONTHLY_PAISE);
  });

});

describe('the renewal schedule', () => {
  // A pool of its own: the schedule's run is scoped to this franchise, and no other test's IP renews in it.
  const pool = useIpFranchise(api);

  it('notifies 3 days ahead once, renews once from the wallet, then releases an IP the wallet cannot pay', async () => {
    at(0);
    const franchise = pool();
    await franchise.addSlots(2);
    const { buyer, ip } = await buyerWithIp(franchise, { auto_renew: true }, 2 * MONTHLY_PAISE);
    const { ip: lapsing } = await buyerWithIp(franchise, { auto_renew: false });
    const run = () => runStaticIpRenewals(createLogger(), { onlyFrchId: franchise.frchId });
    const expiry = Date.parse(ip.expires_at);
    expect(ip.expires_at).toBe('2026-04-02T04:30:00.000Z');

    useClock(new Date(expiry - 2 * DAY));
    expect(await run()).toMatchObject({ noticed: 2, renewed: 0, released: 0 });
    expect(await run()).toMatchObject({ noticed: 0, renewed: 0, released: 0 });
    const notes = await franchise.call(buyer, 'POST', '/users/getusernotifications', { offset: 0, limit: 5 });
    expect(notes.text).toContain(`Your static IP ${ip.address} renews on`);

    useClock(new Date(expiry + 60_000));
    expect(await run()).toMatchObject({ renewed: 1, released: 1 });
    expect(await run()).toMatchObject({ renewed: 0, released: 0 });
    expect((await getSlot(franchise.frchId, ip.ip_id))).toMatchObject({ state: 'assigned', expires_at: '2026-05-02T04:30:00.000Z' });
    expect((await getSlot(franchise.frchId, lapsing.ip_id))?.state).toBe('quarantined');
    const renewals = (await listWholeLedger({ frchId: franchise.frchId, userId: buyer.userId })).filter((entry) => entry.type === 'debit');
    expect(renewals.map((entry) => entry.amount_paise)).toEqual([MONTHLY_PAISE, MONTHLY_PAISE]);
    expect((await getWalletBalance({ frchId: franchise.frchId, userId: buyer.userId })).balancePaise).toBe(0);

    useClock(new Date(Date.parse('2026-05-02T04:30:00.000Z') + 60_000));
    expect(await run()).toMatchObject({ noticed: 0, renewed: 0, released: 1 });
    expect((await getSlot(franchise.frchId, ip.ip_id))?.state).toBe('quarantined');
    const after = await franchise.call(buyer, 'POST', '/users/getusernotifications', { offset: 0, limit: 5 });
    expect(after.text).toContain('could not be renewed');
  });
});

describe('allocation to sub-users', () => {
  const pool = useIpFranchise(api);

  it('moves a parent’s IP to its sub-user exclusively, under the 7-day rule, and back', async () => {
    at(0);
    const franchise = pool();
    await franchise.addSlots(2);
    const { buyer: parent, ip } = await buyerWithIp(franchise);
    const child = await franchise.addSubUser(parent);
    const parentAccount = await paperAccount(franchise, parent);
    const childAccount = await paperAccount(franchise, child);
    dataOf(await franchise.call(parent, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, broker_ids: [parentAccount] }), ipAnswer);

    const offered = dataOf(await franchise.call(parent, 'POST', `${IPS}getsubuserip`, { sub_user_id: child.userId }), staticIpContracts.getSubUserIp.response);
    expect(offered).toMatchObject({ items: [], allocatable: [expect.objectContaining({ ip_id: ip.ip_id })] });
    const allocated = dataOf(await franchise.call(parent, 'POST', `${IPS}allocateiptosubuser`, { ip_id: ip.ip_id, sub_user_id: child.userId }), ipAnswer).ip;
    expect(allocated).toMatchObject({ holder_user_id: child.userId, owner_user_id: parent.userId, allocated_to: expect.objectContaining({ user_id: child.userId }), accounts: [] });
    expect((await accountOf(franchise, parent, parentAccount))?.egress).toBeUndefined();

    const childView = dataOf(await franchise.call(child, 'GET', `${IPS}getstaticips`), staticIpContracts.getStaticIps.response);
    expect(childView.items.map((item) => item.ip_id)).toEqual([ip.ip_id]);
    dataOf(await franchise.call(child, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, broker_ids: [childAccount] }), ipAnswer);
    expectError(await franchise.call(parent, 'POST', `${IPS}updatestaticip`, { ip_id: ip.ip_id, broker_ids: [parentAccount] }), 404);
    expectError(await franchise.call(parent, 'POST', `${IPS}removestaticip`, { ip_id: ip.ip_id }), 409);
    expectError(await franchise.call(child, 'POST', `${IPS}removestaticip`, { ip_id: ip.ip_id }), 404);

    at(3);
    expectError(await franchise.call(parent, 'POST', `${IPS}disallocateipfromsubuser`, { ip_id: ip.ip_id, sub_user_id: child.userId }), 409);
    at(7, 1);
    const back = dataOf(await franchise.call(parent, 'POST', `${IPS}disallocateipfromsubuser`, { ip_id: ip.ip_id, sub_user_id: child.userId }), ipAnswer).ip;
    expect(back).toMatchObject({ holder_user_id: parent.userId, allocated_to: null });
    expect((await accountOf(franchise, child, childAccount))?.egress).toBeUndefined();
    const notes = await franchise.call(child, 'POST', '/users/getusernotifications', { offset: 0, limit: 5 });
    expect(notes.text).toContain('took back the static IP');
  });

  it("refuses another parent's sub-user (404), a plain user (403) and a second holder (409); the broker panel may allocate", async () => {
    at(0);
    const franchise = pool();
    await franchise.addSlots(3);
    const { buyer: parent, ip } = await buyerWithIp(franchise);
    const child = await franchise.addSubUser(parent);
    const { buyer: otherParent } = await buyerWithIp(franchise);
    const othersChild = await franchise.addSubUser(otherParent);
    expectError(await franchise.call(parent, 'POST', `${IPS}allocateiptosubuser`, { ip_id: ip.ip_id, sub_user_id: othersChild.userId }), 404, 'Sub-user not found');
    expectError(await franchise.call(parent, 'POST', `${IPS}getsubuserip`, { sub_user_id: othersChild.userId }), 404);
    expectError(await franchise.call(child, 'POST', `${IPS}allocateiptosubuser`, { ip_id: ip.ip_id, sub_user_id: child.userId }), 403);
    expectError(await franchise.call(otherParent, 'POST', `${IPS}allocateiptosubuser`, { ip_id: ip.ip_id, sub_user_id: othersChild.userId }), 404, 'Static IP not found');
    expectError(await franchise.call(parent, 'POST', `${IPS}allocateiptosubuser`, { ip_id: 'bad', sub_user_id: child.userId }), 400);
    dataOf(await franchise.call(parent, 'POST', `${IPS}allocateiptosubuser`, { ip_id: ip.ip_id, sub_user_id: child.userId }), ipAnswer);
    const sibling = await franchise.addSubUser(parent);
    expectError(await franchise.call(parent, 'POST', `${IPS}allocateiptosubuser`, { ip_id: ip.ip_id, sub_user_id: sibling.userId }), 409);

    await franchise.fund(franchise.admin, 1_000_00);
    const panelIp = dataOf(
      await franchise.call(franchise.admin, 'POST', `${IPS}purchasestaticip`, { months: 1, idempotency_key: key() }),
      staticIpContracts.purchaseStaticIp.response,
    ).ip;
    const given = dataOf(await franchise.call(franchise.admin, 'POST', `${IPS}allocateiptosubuser`, { ip_id: panelIp.ip_id, sub_user_id: othersChild.userId }), ipAnswer).ip;
    expect(given.holder_user_id).toBe(othersChild.userId);
  });
});
