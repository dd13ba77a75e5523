import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../shared/domain/otp';
import { listActivities } from '../../functions/data/activities-repository';
import { getUser, updatePasswordHash } from '../../functions/data/users-repository';
import { hashScrypt } from '../../functions/platform/auth/legacy-scrypt';
import { useGateway } from '../support/gateway';
import { loginFrom as loginFromAddress, loopbackAddresses } from '../support/login-from';
import { createTestUser } from '../support/users';

const api = useGateway();

const freshIp = loopbackAddresses();
const loginFrom = (ip: string, body: unknown, tenantHost?: string) => loginFromAddress(api.url(), ip, body, tenantHost ? { tenantHost } : {});

const withoutRequestId = (body: unknown) => JSON.stringify(body).replace(/"requestId":"[^"]+"/, '');
const unknownEmail = () => `nobody-${randomInt(1e9)}@test.local`;

describe('POST /auth/userlogin', () => {
  it('logs in by email and by mobile number, answers a working token and writes the activity entry', async () => {
    // Prepare
    const { user, password } = await createTestUser();
    // Act
    const byEmail = await loginFrom(freshIp(), { email: user.email.toUpperCase(), password });
    const byMobile = await loginFrom(freshIp(), { mobile_no: user.mobile_no, password });
    // Assess
    expect(byEmail.status).toBe(200);
    expect(byMobile.status).toBe(200);
    expect(byMobile.body).toMatchObject({ status: true, data: { user: { user_id: user.user_id } } });
    const token = (byEmail.body as { data: { token: string } }).data.token;
    const profile = await api.call('GET', '/users/getuserprofile', { token });
    expect(profile.status).toBe(200);
    const { items } = await listActivities(1, user.user_id, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 10 });
    expect(items.filter((a) => a.action === 'Logged in')).toHaveLength(2);
  });

  it('replaces an earlier scrypt hash with Argon2id at the first successful login, and the password keeps working', async () => {
    const { user, password } = await createTestUser();
    await updatePasswordHash(user.frch_id, user.user_id, await hashScrypt(password, { logN: 10, r: 8, p: 1 }));
    expect((await loginFrom(freshIp(), { email: user.email, password: 'not-it' })).status).toBe(401);
    expect((await getUser(user.frch_id, user.user_id))?.password_hash).toMatch(/^\$scrypt\$/);
    expect((await loginFrom(freshIp(), { email: user.email, password })).status).toBe(200);
    expect((await getUser(user.frch_id, user.user_id))?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await loginFrom(freshIp(), { email: user.email, password })).status).toBe(200);
  });

  it('refuses bad input with 400: missing fields, wrong types, bad email or mobile, both identifiers', async () => {
    const ip = freshIp();
    const bodies = [
      {},
      { email: 'a@b.co' },
      { password: 'secret1' },
      { email: 42, password: 'secret1' },
      { email: 'not-an-email', password: 'secret1' },
      { mobile_no: '12345', password: 'secret1' },
      { email: 'a@b.co', mobile_no: '9876543210', password: 'secret1' },
      { email: 'a@b.co', password: 'secret1', role: 'admin' },
      { email: 'a@b.co', password: 'secret1', login_otp: '12' },
      { email: 'a@b.co', password: 'secret1', login_otp: 'abcdef' },
    ];
    for (const body of bodies) {
      const answer = await loginFrom(ip, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers an unknown user and a wrong password with the same status and body', async () => {
    const { user } = await createTestUser();
    const wrong = await loginFrom(freshIp(), { email: user.email, password: 'not-the-password' });
    const unknown = await loginFrom(freshIp(), { email: unknownEmail(), password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(withoutRequestId(wrong.body)).toBe(withoutRequestId(unknown.body));
  });

  it('forgets an account’s failures after a successful login', async () => {
    const { user, password } = await createTestUser();
    for (let i = 0; i < LOGIN_THROTTLE.pairFree - 1; i += 1) await loginFrom(freshIp(), { email: user.email, password: 'wrong-password' });
    expect((await loginFrom(freshIp(), { email: user.email, password })).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.pairFree - 1; i += 1) {
      expect((await loginFrom(freshIp(), { email: user.email, password: 'wrong-password' })).status).toBe(401);
    }
    expect((await loginFrom(freshIp(), { email: user.email, password })).status).toBe(200);
  });

  it('keeps accounts of another franchise apart: a franchise-1 user cannot log in on the tenant-two host', async () => {
    const { user, password } = await createTestUser({ frchId: 1 });
    const answer = await loginFrom(freshIp(), { email: user.email, password }, 'tenant-two.localhost');
    expect(answer.status).toBe(401);
  });
});
