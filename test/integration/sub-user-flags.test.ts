import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema, brokerContracts, brokerLinkContracts } from '../../shared/contracts/broker';
import { subUserContracts } from '../../shared/contracts/subusers';
import { getUser } from '../../functions/data/users-repository';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { issueToken } from '../../functions/platform/auth/tokens';
import { startKiteFake } from '../fakes/kite-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');

/**
 * The permissions a parent sets per sub-user (issue 19, ADR 0013), each in effect server-side: demat
 * (connect and reconnect, its own or its parent's `connectsubuserbroker`), link sharing
 * (`generatebrokerconnectionlink`), static-IP purchase (stored and answered), the referral percent.
 */
const api = useGateway();
const PATH = '/users/subusermanagement/';
const DEMAT_OFF = 'Your account manager has not allowed you to connect broker accounts.';

const post = (who: { token: string }, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const newContact = () => ({ first_name: 'Ira', last_name: 'Shah', email: `flags-${randomUUID()}@test.local`, mobile_no: `8${String(randomInt(0, 1e9)).padStart(9, '0')}` });

interface Child {
  readonly id: number;
  readonly token: string;
}

/** A sub-user added by `parent` through `addsubuser`, with a token of its own. */
async function addChild(parent: TestUser): Promise<Child> {
  const { sub_user } = dataOf(await post(parent, `${PATH}addsubuser`, newContact()), subUserContracts.addSubUser.response);
  return { id: sub_user.user_id, token: (await issueToken(sub_user.user_id, 1)).token };
}

const parentWithChild = async () => {
  const parent = await createTestUser({ roles: { can_add_subuser: true } });
  return { parent, child: await addChild(parent) };
};

const setFlag = async (parent: TestUser, call: string, body: Record<string, unknown>) =>
  dataOf(await post(parent, `${PATH}${call}`, body), subUserContracts.setLinkSharingFlag.response).sub_user;

describe('one flag at a time', () => {
  it('sets each flag and the referral percent on a managed sub-user, and stores them on its profile', async () => {
    const { parent, child } = await parentWithChild();
    expect(await setFlag(parent, 'updatesubuserdematallowflag', { sub_user_id: child.id, allowed: false })).toMatchObject({ demat_allowed: false, purchase_ip_allowed: true, link_sharing: true });
    expect(await setFlag(parent, 'updatesubuserpurchaseipallowflag', { sub_user_id: child.id, allowed: false })).toMatchObject({ demat_allowed: false, purchase_ip_allowed: false });
    expect(await setFlag(parent, 'setlinksharingflag', { sub_user_id: child.id, allowed: false })).toMatchObject({ link_sharing: false });
    expect(await setFlag(parent, 'updatereferpercent', { sub_user_id: child.id, referral_percent: 12.5 })).toMatchObject({ referral_percent: 12.5 });
    expect(await getUser(1, child.id)).toMatchObject({ demat_allowed: false, purchase_ip_allowed: false, link_sharing: false, referral_bp: 1250 });
    expect(await setFlag(parent, 'updatesubuserdematallowflag', { sub_user_id: child.id, allowed: true })).toMatchObject({ demat_allowed: true });
  });

  it('refuses bad input (400), a sub-user of another parent (404) and a plain user (403), changing nothing', async () => {
    const { parent, child } = await parentWithChild();
    const { parent: otherParent } = await parentWithChild();
    expectError(await post(parent, `${PATH}updatereferpercent`, { sub_user_id: child.id, referral_percent: 100.5 }), 400);
    expectError(await post(parent, `${PATH}updatereferpercent`, { sub_user_id: child.id, referral_percent: 12.345 }), 400);
    expectError(await post(parent, `${PATH}setlinksharingflag`, { sub_user_id: child.id, allowed: 'no' }), 400);
    for (const call of ['updatesubuserdematallowflag', 'updatesubuserpurchaseipallowflag', 'setlinksharingflag']) {
      expectError(await post(otherParent, `${PATH}${call}`, { sub_user_id: child.id, allowed: false }), 404, 'Sub-user not found');
    }
    expectError(await post(otherParent, `${PATH}updatereferpercent`, { sub_user_id: child.id, referral_percent: 50 }), 404);
    expectError(await post(child, `${PATH}setlinksharingflag`, { sub_user_id: child.id, allowed: false }), 403);
    const stored = await getUser(1, child.id);
    expect([stored?.demat_allowed, stored?.purchase_ip_allowed, stored?.link_sharing, stored?.referral_bp]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('many sub-users at once', () => {
  const many = subUserContracts.allowDisallowDemat.response;

  it('sets demat and static-IP permission for the listed sub-users, or all of them', async () => {
    const { parent, child: first } = await parentWithChild();
    const second = await addChild(parent);
    const third = await addChild(parent);
    const listed = dataOf(await post(parent, `${PATH}allowdisallowdemat`, { sub_user_ids: [third.id, first.id], allowed: false }), many);
    expect(listed).toEqual({ updated: 2, user_ids: [first.id, third.id].sort((a, b) => a - b) });
    expect((await getUser(1, second.id))?.demat_allowed).toBeUndefined();
    const all = dataOf(await post(parent, `${PATH}allowdisallowpurchaseip`, { all: true, allowed: false }), many);
    expect(all).toEqual({ updated: 3, user_ids: [first.id, second.id, third.id] });
    for (const child of [first, second, third]) expect((await getUser(1, child.id))?.purchase_ip_allowed).toBe(false);
  });

  it('changes nothing when one listed id is not managed by the caller (404), and refuses a body naming both or neither (400)', async () => {
    const { parent, child } = await parentWithChild();
    const { child: stranger } = await parentWithChild();
    expectError(await post(parent, `${PATH}allowdisallowdemat`, { sub_user_ids: [child.id, stranger.id], allowed: false }), 404);
    expect((await getUser(1, child.id))?.demat_allowed).toBeUndefined();
    expect((await getUser(1, stranger.id))?.demat_allowed).toBeUndefined();
    expectError(await post(parent, `${PATH}allowdisallowdemat`, { sub_user_ids: [child.id], all: true, allowed: false }), 400);
    expectError(await post(parent, `${PATH}allowdisallowpurchaseip`, { allowed: false }), 400);
  });
});

describe('the flags in effect', () => {
  const connected = z.object({ account: brokerAccountSchema, login_url: z.string().nullable() });
  const accounts = brokerContracts.getBrokers.response;

  it('stops a sub-user without the demat permission connecting and reconnecting; allowed again, it can', async () => {
    const { parent, child } = await parentWithChild();
    const { account } = dataOf(await post(child, '/users/broker/connectbroker', { broker: 'paper' }), connected);
    await setFlag(parent, 'updatesubuserdematallowflag', { sub_user_id: child.id, allowed: false });
    expectError(await post(child, '/users/broker/connectbroker', { broker: 'paper' }), 403, DEMAT_OFF);
    expectError(await post(child, '/users/broker/reconnect', { broker_id: account.broker_id }), 403, DEMAT_OFF);
    expect(dataOf(await api.call('GET', '/users/broker/getbrokers', { token: child.token }), accounts)).toHaveLength(1);
    await setFlag(parent, 'updatesubuserdematallowflag', { sub_user_id: child.id, allowed: true });
    expect(dataOf(await post(child, '/users/broker/reconnect', { broker_id: account.broker_id }), connected).account.status).toBe('connected');
  });

  it('stops a sub-user without link sharing making broker-connection links', async () => {
    const { parent, child } = await parentWithChild();
    const linkAnswer = brokerLinkContracts.generateBrokerConnectionLink.response;
    dataOf(await api.call('GET', '/users/generatebrokerconnectionlink', { token: child.token }), linkAnswer);
    await setFlag(parent, 'setlinksharingflag', { sub_user_id: child.id, allowed: false });
    expectError(await api.call('GET', '/users/generatebrokerconnectionlink', { token: child.token }), 403, 'Your account manager has not allowed you to share broker connection links.');
    // The parent's own permission is not its sub-user's.
    dataOf(await api.call('GET', '/users/generatebrokerconnectionlink', { token: parent.token }), linkAnswer);
  });
});

describe('connectsubuserbroker', () => {
  const connected = subUserContracts.connectSubUserBroker.response;
  const CONNECT = '/users/broker/connectsubuserbroker';

  it("connects a paper account owned by the sub-user: it is on the sub-user's list, not the parent's", async () => {
    const { parent, child } = await parentWithChild();
    const { account } = dataOf(await post(parent, CONNECT, { sub_user_id: child.id, connection: { broker: 'paper' } }), connected);
    expect(account).toMatchObject({ broker: 'paper', status: 'connected' });
    const childAccounts = dataOf(await api.call('GET', '/users/broker/getbrokers', { token: child.token }), brokerContracts.getBrokers.response);
    expect(childAccounts.map((item) => item.broker_id)).toEqual([account.broker_id]);
    expect(dataOf(await api.call('GET', '/users/broker/getbrokers', { token: parent.token }), brokerContracts.getBrokers.response)).toEqual([]);
    const info = dataOf(await post(parent, `${PATH}getsubuserinfo`, { sub_user_id: child.id }), subUserContracts.getSubUserInfo.response);
    expect(info.broker_account_count).toBe(1);
  });

  it("is refused while the sub-user's demat permission is off (403), for another parent's sub-user (404), bad input (400) and a plain user (403)", async () => {
    const { parent, child } = await parentWithChild();
    const { parent: otherParent } = await parentWithChild();
    await setFlag(parent, 'updatesubuserdematallowflag', { sub_user_id: child.id, allowed: false });
    expectError(await post(parent, CONNECT, { sub_user_id: child.id, connection: { broker: 'paper' } }), 403, 'This user is not allowed to connect broker accounts. Turn on its demat permission first.');
    expectError(await post(otherParent, CONNECT, { sub_user_id: child.id, connection: { broker: 'paper' } }), 404);
    expectError(await post(parent, CONNECT, { sub_user_id: child.id, connection: { broker: 'nobroker' } }), 400);
    expectError(await post(parent, CONNECT, { sub_user_id: child.id }), 400);
    expectError(await post(child, CONNECT, { sub_user_id: child.id, connection: { broker: 'paper' } }), 403);
    expect(dataOf(await api.call('GET', '/users/broker/getbrokers', { token: child.token }), brokerContracts.getBrokers.response)).toEqual([]);
  });

  it("completes a redirect broker's login in the parent's browser for the sub-user's account", async () => {
    const KITE = { api_key: 'kitesubuserkey21', api_secret: 'kiteSubUserSecret0123456789abcdef' };
    const kite = await startKiteFake({ apiKey: KITE.api_key, apiSecret: KITE.api_secret, instruments: [], availableCash: 1_000 });
    process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
    process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
    try {
      const { parent, child } = await parentWithChild();
      const started = dataOf(await post(parent, CONNECT, { sub_user_id: child.id, connection: { broker: 'zerodha', credentials: KITE } }), connected);
      expect(started.login_url).toContain('kite.example.test');
      const done = dataOf(await post(parent, '/users/broker/completebrokerlogin', { broker_id: started.account.broker_id, request_token: kite.issueRequestToken() }), brokerAccountSchema);
      expect(done).toMatchObject({ broker_id: started.account.broker_id, status: 'connected' });
      const childAccounts = dataOf(await api.call('GET', '/users/broker/getbrokers', { token: child.token }), brokerContracts.getBrokers.response);
      expect(childAccounts).toEqual([expect.objectContaining({ broker_id: started.account.broker_id, status: 'connected' })]);
      // Another parent cannot finish it.
      const { parent: otherParent } = await parentWithChild();
      expectError(await post(otherParent, '/users/broker/completebrokerlogin', { broker_id: started.account.broker_id, request_token: kite.issueRequestToken() }), 404);
    } finally {
      await kite.stop();
    }
  });
});
