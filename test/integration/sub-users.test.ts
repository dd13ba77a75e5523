import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { subUserContracts } from '../../shared/contracts/subusers';
import { getUser } from '../../functions/data/users-repository';
import { resetConfigForTests } from '../../functions/platform/config';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway, type CallOptions } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The sub-user directory (issue 19, ADR 0013): `addsubuser` (duplicates refused by field), `getsubusers`
 * for a parent (its own sub-users) and for the broker panel (its franchise but itself) with search, status
 * and paging, and `getsubuserinfo`; another parent's sub-user is 404, a plain user 403.
 */
const api = useGateway();
const ADD = '/users/subusermanagement/addsubuser';
const LIST = '/users/subusermanagement/getsubusers';
const INFO = '/users/subusermanagement/getsubuserinfo';

const newMobile = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
const newContact = (name = 'Asha') => ({ first_name: name, last_name: 'Rao', email: `sub-${randomUUID()}@test.local`, mobile_no: newMobile() });

/** A franchise of this file's own, so the broker panel's listing holds only this file's users. */
const frchId = 910_000 + randomInt(0, 80_000);
const host = `subusers-${frchId}.localhost`;
let panel: TestUser;
beforeAll(async () => {
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  panel = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
});

const call = (who: TestUser, path: string, body: unknown, options: CallOptions = {}) =>
  api.call('POST', path, { token: who.token, body, ...(who.user.frch_id === frchId ? { host } : {}), ...options });
const add = async (parent: TestUser, contact = newContact()) => dataOf(await call(parent, ADD, contact), subUserContracts.addSubUser.response);
const list = async (who: TestUser, body: Record<string, unknown> = {}) => dataOf(await call(who, LIST, body), subUserContracts.getSubUsers.response);

describe('addsubuser', () => {
  it('adds a user under the caller with flags allowed, the default referral percent and no password yet', async () => {
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    const contact = newContact();
    const { sub_user: added, mail_sent } = await add(parent, { ...contact, email: contact.email.toUpperCase() });
    expect(mail_sent).toBe(true);
    expect(added).toMatchObject({
      first_name: 'Asha',
      email: contact.email,
      mobile_no: contact.mobile_no,
      parent_user_id: parent.user.user_id,
      profile_status: 'active',
      current_credit: 0,
      balance_paise: 0,
      demat_allowed: true,
      purchase_ip_allowed: true,
      link_sharing: true,
      referral_percent: 10,
      password_set: false,
    });
    const stored = await getUser(1, added.user_id);
    expect(stored).toMatchObject({ parent_user_id: parent.user.user_id, password_hash: '', can_add_subuser: false, is_brokerpanel: false });
    expect(stored?.referral_bp).toBeUndefined();
  });

  it('refuses a taken email or mobile number by field (409), and adds nothing', async () => {
    const parent = await createTestUser({ roles: { is_white_label: true } });
    const other = await createTestUser();
    const byEmail = expectError(await call(parent, ADD, { ...newContact(), email: other.user.email }), 409, 'A user with this email already exists.');
    expect(byEmail.details).toEqual([{ path: 'email', message: 'A user with this email already exists.' }]);
    const byMobile = expectError(await call(parent, ADD, { ...newContact(), mobile_no: other.user.mobile_no }), 409, 'A user with this mobile number already exists.');
    expect(byMobile.details).toEqual([{ path: 'mobile_no', message: 'A user with this mobile number already exists.' }]);
    expect((await list(parent)).total).toBe(0);
  });

  it('refuses bad input (400) and callers who are not parents (403)', async () => {
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    const bad = expectError(await call(parent, ADD, { ...newContact(), email: 'not-an-email', mobile_no: '12345' }), 400);
    expect(bad.details?.map((issue) => issue.path).sort()).toEqual(['email', 'mobile_no']);
    expectError(await call(parent, ADD, { ...newContact(), first_name: '' }), 400);
    expectError(await call(parent, ADD, { ...newContact(), role: 'admin' }), 400);
    const plain = await createTestUser();
    expectError(await call(plain, ADD, newContact()), 403);
    expectError(await call(plain, LIST, {}), 403);
    expectError(await call(plain, INFO, { sub_user_id: plain.user.user_id }), 403);
  });
});

describe('getsubusers', () => {
  it("lists a parent's own sub-users in id order, with search, status and paging", async () => {
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    const otherParent = await createTestUser({ roles: { can_add_subuser: true } });
    const names = ['Meera', 'Vikram', 'Meenakshi', 'Arjun', 'Kavya'];
    const added = [];
    for (const name of names) added.push((await add(parent, newContact(name))).sub_user);
    await add(otherParent, newContact('Meera'));
    const all = await list(parent);
    expect(all.total).toBe(5);
    expect(all.items.map((user) => user.first_name)).toEqual(names);

    expect((await list(parent, { search: 'mee' })).items.map((user) => user.first_name)).toEqual(['Meera', 'Meenakshi']);
    expect((await list(parent, { search: added[3]?.email.toUpperCase() })).items.map((user) => user.user_id)).toEqual([added[3]?.user_id]);
    expect((await list(parent, { search: added[1]?.mobile_no })).items.map((user) => user.first_name)).toEqual(['Vikram']);
    expect((await list(parent, { search: String(added[4]?.user_id) })).items.map((user) => user.first_name)).toContain('Kavya');

    const page = await list(parent, { offset: 2, limit: 2 });
    expect(page).toMatchObject({ total: 5 });
    expect(page.items.map((user) => user.first_name)).toEqual(['Meenakshi', 'Arjun']);
    expect((await list(parent, { status: 'inactive' })).total).toBe(0);
    expect((await list(parent, { status: 'active' })).total).toBe(5);
  });

  it('shows the balance from the wallet', async () => {
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    const { sub_user: child } = await add(parent);
    await moveWallet({ owner: { frchId: 1, userId: child.user_id }, direction: 'credit', amountPaise: 12_345, reason: 'bank_transfer', description: 'Top-up', idempotencyKey: `bank-transfer#${randomUUID()}` });
    expect((await list(parent)).items[0]).toMatchObject({ user_id: child.user_id, current_credit: 123.45, balance_paise: 12_345 });
  });

  it("lists the broker panel's whole franchise but itself, with search and status", async () => {
    const parent = await createTestUser({ frchId, roles: { can_add_subuser: true } });
    const { sub_user: child } = await add(parent, newContact('Zoravar'));
    const all = await list(panel, { limit: 100 });
    const ids = all.items.map((user) => user.user_id);
    expect(ids).toEqual(expect.arrayContaining([parent.user.user_id, child.user_id]));
    expect(ids).not.toContain(panel.user.user_id);
    expect(all.total).toBe(all.items.length);
    expect((await list(panel, { search: 'zoravar' })).items).toEqual([expect.objectContaining({ user_id: child.user_id, parent_user_id: parent.user.user_id })]);
    expect((await list(panel, { status: 'inactive' })).total).toBe(0);
  });

  it('refuses bad paging and an unknown status (400)', async () => {
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    expectError(await call(parent, LIST, { limit: 0 }), 400);
    expectError(await call(parent, LIST, { offset: -1 }), 400);
    expectError(await call(parent, LIST, { status: 'deleted' }), 400);
  });
});

describe('getsubuserinfo', () => {
  it('answers one managed sub-user with its counts; to another parent, for the caller itself or an unknown id: 404', async () => {
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    const otherParent = await createTestUser({ roles: { can_add_subuser: true } });
    const { sub_user: child } = await add(parent);
    const info = dataOf(await call(parent, INFO, { sub_user_id: child.user_id }), subUserContracts.getSubUserInfo.response);
    expect(info).toMatchObject({ sub_user: { user_id: child.user_id }, broker_account_count: 0, referred_count: 0 });

    expectError(await call(otherParent, INFO, { sub_user_id: child.user_id }), 404, 'Sub-user not found');
    expectError(await call(parent, INFO, { sub_user_id: parent.user.user_id }), 404);
    expectError(await call(parent, INFO, { sub_user_id: 999_999_999 }), 404);
    expectError(await call(parent, INFO, { sub_user_id: 'one' }), 400);
  });

  it('lets the broker panel read any user of its franchise, never one of another franchise', async () => {
    const parent = await createTestUser({ frchId, roles: { can_add_subuser: true } });
    const { sub_user: child } = await add(parent);
    expect(dataOf(await call(panel, INFO, { sub_user_id: child.user_id }), subUserContracts.getSubUserInfo.response).sub_user.user_id).toBe(child.user_id);
    const elsewhere = await createTestUser({ frchId: 1 });
    expectError(await call(panel, INFO, { sub_user_id: elsewhere.user.user_id }), 404);
  });
});
