import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { staticIpContracts } from '../../shared/contracts/ips';
import { userContracts } from '../../shared/contracts/user';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { useIpFranchise, type IpFranchise, type PoolActor } from '../support/static-ip-pool';

/**
 * Buying static IPs (issue 20, ADR 0014): one transaction pays from the wallet and assigns a free slot;
 * the same key answers the first purchase; a sub-user whose parent stopped purchases is refused; and
 * buyers racing for a small pool never share a slot and pay exactly once each.
 */
const api = useGateway();
const IPS = '/users/ips/';
/** PAYMENT_CONFIGS' default static-IP price: ₹500 a month. */
const MONTHLY_PAISE = 50_000;

const key = () => `buy-${randomUUID().slice(0, 18)}`;
const buy = (franchise: IpFranchise, who: PoolActor, body: Record<string, unknown>) => franchise.call(who, 'POST', `${IPS}purchasestaticip`, body);
const balanceOf = async (franchise: IpFranchise, who: PoolActor) => (await getWalletBalance({ frchId: franchise.frchId, userId: who.userId })).balancePaise;

describe('buying a static IP', () => {
  const pool = useIpFranchise(api);

  it('debits the exact price with one ledger entry, assigns a free slot and shows it to the buyer and the broker panel', async () => {
    const franchise = pool();
    await franchise.addSlots(3);
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 2_000_00);
    const available = dataOf(await franchise.call(buyer, 'GET', `${IPS}getavailableips`), staticIpContracts.getAvailableIps.response);
    expect(available).toMatchObject({ purchase_allowed: true, refusal: null, monthly_price_paise: MONTHLY_PAISE, periods_months: [1, 3, 6, 12] });
    expect(available.free.find((entry) => entry.version === 'IPv4')?.count).toBeGreaterThanOrEqual(1);

    const answer = await buy(franchise, buyer, { version: 'IPv4', months: 3, label: 'Desk', idempotency_key: key() });
    const { ip, balance_paise } = dataOf(answer, staticIpContracts.purchaseStaticIp.response);
    expect(balance_paise).toBe(2_000_00 - 3 * MONTHLY_PAISE);
    expect(await balanceOf(franchise, buyer)).toBe(balance_paise);
    expect(ip).toMatchObject({ version: 'IPv4', label: 'Desk', auto_renew: true, owner_user_id: buyer.userId, holder_user_id: buyer.userId, allocated_to: null, accounts: [] });
    const ledger = await listWholeLedger({ frchId: franchise.frchId, userId: buyer.userId });
    const debits = ledger.filter((entry) => entry.type === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ reason: 'static_ip', amount_paise: 3 * MONTHLY_PAISE, reference: { ip_id: ip.ip_id, months: '3' } });

    const mine = dataOf(await franchise.call(buyer, 'GET', `${IPS}getstaticips`), staticIpContracts.getStaticIps.response);
    expect(mine.items.map((item) => item.ip_id)).toEqual([ip.ip_id]);
    expect(mine.purchase_allowed).toBe(true);
    const poolView = dataOf(await franchise.call(franchise.admin, 'GET', `${IPS}getippool`), staticIpContracts.getIpPool.response);
    expect(poolView.items.find((slot) => slot.ip_id === ip.ip_id)).toMatchObject({ state: 'assigned', holder_user_id: buyer.userId, owner_user_id: buyer.userId, address: ip.address });
    expect(poolView.quarantine_days).toBe(30);
    const activities = await franchise.call(buyer, 'POST', '/users/getuseractivities', { limit: 10 });
    expect(activities.text).toContain('Purchased a static IP');
  });

  it('refuses bad input (400) and a plain user on the broker panel pool (403), changing nothing', async () => {
    const franchise = pool();
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 1_000_00);
    for (const body of [
      { months: 2, idempotency_key: key() },
      { months: 1, version: 'IPv5', idempotency_key: key() },
      { months: 1, idempotency_key: 'short' },
      { months: 1, idempotency_key: key(), broker_ids: ['not-an-id'] },
      { months: 1, idempotency_key: key(), label: 'x'.repeat(41) },
      { months: 1, idempotency_key: key(), surprise: true },
    ]) {
      expectError(await buy(franchise, buyer, body), 400);
    }
    expectError(await franchise.call(buyer, 'GET', `${IPS}getippool`), 403);
    expect(await balanceOf(franchise, buyer)).toBe(1_000_00);
  });

  it('refuses a purchase the wallet does not cover (422) and leaves the slot free', async () => {
    const franchise = pool();
    await franchise.addSlots(1);
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, MONTHLY_PAISE - 1);
    const freeBefore = dataOf(await franchise.call(franchise.admin, 'GET', `${IPS}getippool`), staticIpContracts.getIpPool.response).counts.free;
    expectError(await buy(franchise, buyer, { months: 1, idempotency_key: key() }), 422, 'Not enough credit.');
    expect(await balanceOf(franchise, buyer)).toBe(MONTHLY_PAISE - 1);
    expect(dataOf(await franchise.call(franchise.admin, 'GET', `${IPS}getippool`), staticIpContracts.getIpPool.response).counts.free).toBe(freeBefore);
  });

  it('answers a repeated key with the first purchase and refuses the key for another request (409)', async () => {
    const franchise = pool();
    await franchise.addSlots(2);
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 5_000_00);
    const body = { months: 1, idempotency_key: key() };
    const first = dataOf(await buy(franchise, buyer, body), staticIpContracts.purchaseStaticIp.response);
    const again = await buy(franchise, buyer, body);
    expect(dataOf(again, staticIpContracts.purchaseStaticIp.response)).toEqual(first);
    expect((again.body as { result: string }).result).toBe('This purchase was already made');
    expectError(await buy(franchise, buyer, { ...body, months: 3 }), 409);
    expect(await balanceOf(franchise, buyer)).toBe(5_000_00 - MONTHLY_PAISE);
    const mine = dataOf(await franchise.call(buyer, 'GET', `${IPS}getstaticips`), staticIpContracts.getStaticIps.response);
    expect(mine.items).toHaveLength(1);
  });

  it("refuses a sub-user whose parent stopped its purchases (403), with the flag on its profile and the reason in getavailableips", async () => {
    const franchise = pool();
    await franchise.addSlots(1);
    const parent = await franchise.newUser({ can_add_subuser: true });
    const child = await franchise.addSubUser(parent);
    await franchise.fund(child, 1_000_00);
    const profile = () => franchise.call(child, 'GET', '/users/getuserprofile').then((answer) => dataOf(answer, userContracts.getUserProfile.response));
    expect((await profile()).is_ip_enable).toBe(true);
    const stopped = await franchise.call(parent, 'POST', '/users/subusermanagement/updatesubuserpurchaseipallowflag', { sub_user_id: child.userId, allowed: false });
    expect(stopped.status, stopped.text).toBe(200);

    expect((await profile()).is_ip_enable).toBe(false);
    expectError(await buy(franchise, child, { months: 1, idempotency_key: key() }), 403);
    const available = dataOf(await franchise.call(child, 'GET', `${IPS}getavailableips`), staticIpContracts.getAvailableIps.response);
    expect(available.purchase_allowed).toBe(false);
    expect(available.refusal).toMatch(/not allowed you to buy static IPs/);
    expect(await balanceOf(franchise, child)).toBe(1_000_00);
  });

  it('answers 409 when no free address of the version is left', async () => {
    const franchise = pool();
    const buyer = await franchise.newUser();
    await franchise.fund(buyer, 1_000_00);
    expectError(await buy(franchise, buyer, { version: 'IPv6', months: 1, idempotency_key: key() }), 409, 'No free IPv6 address is left. Please try again later or ask your broker.');
    expect(await balanceOf(franchise, buyer)).toBe(1_000_00);
  });
});

describe('a purchase race', () => {
  const pool = useIpFranchise(api);

  it('gives 10 free slots to exactly 10 of 50 buyers at once: no slot twice, every wallet exact', async () => {
    const franchise = pool();
    await franchise.addSlots(10);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => franchise.newUser()));
    await Promise.all(buyers.map((buyer) => franchise.fund(buyer, 1_000_00)));

    const answers = await Promise.all(buyers.map((buyer) => buy(franchise, buyer, { months: 1, idempotency_key: key() })));

    const won = answers.flatMap((answer, index) => (answer.status === 200 ? [{ buyer: buyers[index] as PoolActor, ip: dataOf(answer, staticIpContracts.purchaseStaticIp.response).ip }] : []));
    const refused = answers.filter((answer) => answer.status === 409);
    expect(won).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect((answer.body as { error: { message: string } }).error.message).toMatch(/^No free IPv4 address is left/);
    expect(new Set(won.map((entry) => entry.ip.ip_id)).size).toBe(10);
    expect(new Set(won.map((entry) => entry.ip.address)).size).toBe(10);
    const winners = new Set(won.map((entry) => entry.buyer.userId));
    const balances = await Promise.all(buyers.map(async (buyer) => ({ winner: winners.has(buyer.userId), balance: await balanceOf(franchise, buyer) })));
    for (const { winner, balance } of balances) expect(balance).toBe(winner ? 1_000_00 - MONTHLY_PAISE : 1_000_00);
    const poolView = dataOf(await franchise.call(franchise.admin, 'GET', `${IPS}getippool`), staticIpContracts.getIpPool.response);
    expect(poolView.counts).toEqual({ free: 0, assigned: 10, quarantined: 0 });
    expect(new Set(poolView.items.map((slot) => slot.holder_user_id))).toEqual(winners);
  }, 60_000);
});
