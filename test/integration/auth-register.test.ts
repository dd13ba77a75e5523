import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userKeys } from '../../functions/data/keys';
import { listActivities } from '../../functions/data/activities-repository';
import { listNotifications } from '../../functions/data/notifications-repository';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const api = useGateway();
const STRONG_PASSWORD = 'Nifty-Straddle-0925';

function newPerson(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Asha',
    last_name: 'Kulkarni',
    email: `asha-${randomInt(1e9)}@test.local`,
    mobile_no: `8${String(randomInt(1e9)).padStart(9, '0')}`,
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

/** The stored profile item with the attributes the API never returns (referral code, referrer). */
async function storedUser(frchId: number, userId: number): Promise<Record<string, unknown>> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: userKeys.profile(frchId, userId) }));
  if (!Item) throw new Error('user not stored');
  return Item;
}

async function referralCodeOf(frchId: number, userId: number): Promise<string> {
  const code = (await storedUser(frchId, userId)).referral_code;
  if (typeof code !== 'string') throw new Error('no referral code');
  return code;
}

const registeredUser = (body: unknown) => (body as { data: { user: { user_id: number; frch_id: number } } }).data.user;

describe('POST /auth/userregister', () => {
  it('creates the account in the franchise of the host, with a welcome notification, an activity entry and a referral code', async () => {
    // Prepare
    const person = newPerson({ email: `  Asha-${randomInt(1e9)}@Test.Local ` });
    // Act
    const answer = await api.call('POST', '/auth/userregister', { body: person });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, data: { user: { frch_id: 1, email: person.email.trim().toLowerCase(), first_name: 'Asha', is_brokerpanel: false } } });
    expect(answer.text).not.toContain('password');
    const { user_id: userId } = registeredUser(answer.body);
    expect(await referralCodeOf(1, userId)).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const { items } = await listNotifications(1, userId, { offset: 0, limit: 5 });
    expect(items.map((n) => n.notify_type)).toEqual(['Welcome']);
    const activities = await listActivities(1, userId, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 5 });
    expect(activities.items.map((a) => a.action)).toEqual(['Registered']);
    const login = await api.call('POST', '/auth/userlogin', { body: { mobile_no: person.mobile_no, password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('registers on the tenant-two host into franchise 2', async () => {
    const answer = await api.call('POST', '/auth/userregister', { body: newPerson(), host: 'tenant-two.localhost' });
    expect(answer.status).toBe(200);
    expect(registeredUser(answer.body).frch_id).toBe(2);
  });

  it('answers the same 409 for a taken email and for a taken mobile number', async () => {
    const { user } = await createTestUser();
    const sameEmail = await api.call('POST', '/auth/userregister', { body: newPerson({ email: user.email }) });
    const sameMobile = await api.call('POST', '/auth/userregister', { body: newPerson({ mobile_no: user.mobile_no }) });
    for (const answer of [sameEmail, sameMobile]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'CONFLICT', message: 'An account with these details already exists.' } });
    }
    const strip = (body: unknown) => JSON.stringify(body).replace(/"requestId":"[^"]+"/, '');
    expect(strip(sameEmail.body)).toBe(strip(sameMobile.body));
  });

  it('lets the same email register in another franchise', async () => {
    const { user } = await createTestUser({ frchId: 1 });
    const answer = await api.call('POST', '/auth/userregister', { body: newPerson({ email: user.email }), host: 'tenant-two.localhost' });
    expect(answer.status).toBe(200);
  });

  it('refuses bad input with 400: missing fields, wrong types, bad email or mobile, short or common password', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      newPerson({ first_name: undefined }),
      newPerson({ first_name: '   ' }),
      newPerson({ email: 'asha@' }),
      newPerson({ mobile_no: '12345' }),
      newPerson({ mobile_no: 9876543210 }),
      newPerson({ password: 'abc12' }),
      newPerson({ is_brokerpanel: true }),
    ];
    for (const body of cases) expect((await api.call('POST', '/auth/userregister', { body })).status, JSON.stringify(body)).toBe(400);
    const common = await api.call('POST', '/auth/userregister', { body: newPerson({ password: 'Password123' }) });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ error: { message: 'This password is too common. Choose another.', details: [{ path: 'password' }] } });
  });

  it('links the referrer named by a valid referral code, in any letter case', async () => {
    // Prepare
    const referrer = await createTestUser();
    const code = await referralCodeOf(1, referrer.user.user_id);
    // Act
    const answer = await api.call('POST', '/auth/userregister', { body: newPerson({ referral_code: ` ${code.toLowerCase()} ` }) });
    // Assess
    expect(answer.status).toBe(200);
    const stored = await storedUser(1, registeredUser(answer.body).user_id);
    expect(stored.referred_by).toBe(referrer.user.user_id);
    expect(stored.GSI2PK).toBe(`FR#1#REFERRER#${referrer.user.user_id}`);
  });

  it("refuses an unknown referral code, and one of another franchise, with 400 'Invalid referral code' and creates nothing", async () => {
    const foreign = await createTestUser({ frchId: 2 });
    const foreignCode = await referralCodeOf(2, foreign.user.user_id);
    const person = newPerson();
    for (const code of ['ZZZZ9999', foreignCode]) {
      const answer = await api.call('POST', '/auth/userregister', { body: { ...person, referral_code: code } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { message: 'Invalid referral code' } });
    }
    expect((await api.call('POST', '/auth/userregister', { body: person })).status, 'email and mobile are still free').toBe(200);
  });
});

describe('POST /auth/getreferralname', () => {
  it("answers the referrer's first name and last initial", async () => {
    const referrer = await createTestUser();
    const code = await referralCodeOf(1, referrer.user.user_id);
    const answer = await api.call('POST', '/auth/getreferralname', { body: { referral_code: code } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, data: { referral_name: 'Test U.' } });
    expect(answer.text).not.toContain(referrer.user.email);
  });

  it("answers 400 'Invalid referral code' for an unknown code and for a code of another franchise", async () => {
    const referrer = await createTestUser({ frchId: 1 });
    const code = await referralCodeOf(1, referrer.user.user_id);
    const unknown = await api.call('POST', '/auth/getreferralname', { body: { referral_code: 'NOPE2345' } });
    const elsewhere = await api.call('POST', '/auth/getreferralname', { body: { referral_code: code }, host: 'tenant-two.localhost' });
    for (const answer of [unknown, elsewhere]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: false, error: { message: 'Invalid referral code' } });
    }
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{}, { referral_code: 12345678 }, { referral_code: 'ab' }, { referral_code: 'ABCD2345', extra: true }]) {
      expect((await api.call('POST', '/auth/getreferralname', { body })).status).toBe(400);
    }
  });
});
