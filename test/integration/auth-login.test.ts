import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TENANT_HOST_HEADER } from '../../shared/config/headers';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from '../../shared/domain/otp';
import { listActivities } from '../../functions/data/activities-repository';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const api = useGateway();

interface Answer {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: unknown;
}

/**
 * Every test here logs in from its own loopback address (127.x.y.z all reach the gateway), so the
 * per-IP failure budget of one test never touches another test file's 127.0.0.1.
 */
const ipBase = randomInt(1, 250);
let ipSeq = 0;
function freshIp(): string {
  ipSeq += 1;
  return `127.${ipBase}.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

function loginFrom(ip: string, body: unknown, tenantHost?: string): Promise<Answer> {
  const { port } = new URL(api.url());
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...(tenantHost ? { [TENANT_HOST_HEADER]: tenantHost } : {}) };
    const call = request(
      { host: '127.0.0.1', port, localAddress: ip, method: 'POST', path: '/api/v4/auth/userlogin', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const header = response.headers['retry-after'];
          const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(header) ? header[0] : header, body });
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

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

  it(`refuses the ${LOGIN_FAILURE_LIMIT + 1}th attempt on an account with 429 after ${LOGIN_FAILURE_LIMIT} wrong passwords, from any IP, even with the right password`, async () => {
    // Prepare
    const { user, password } = await createTestUser();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      const failed = await loginFrom(freshIp(), { email: user.email, password: `wrong-${i}` });
      expect(failed.status).toBe(401);
    }
    // Act
    const blocked = await loginFrom(freshIp(), { email: user.email, password });
    const byMobile = await loginFrom(freshIp(), { mobile_no: user.mobile_no, password });
    // Assess
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: false, error: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(blocked.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MINUTES * 60);
    expect(byMobile.status, 'the mobile number is another login name with its own budget').toBe(200);
  });

  it('counts unknown login names like known ones: the 6th attempt on an unknown email is 429 too', async () => {
    const email = unknownEmail();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) expect((await loginFrom(freshIp(), { email, password: 'x-wrong' })).status).toBe(401);
    expect((await loginFrom(freshIp(), { email, password: 'x-wrong' })).status).toBe(429);
  });

  it('refuses an IP with 429 after 5 failures across different accounts; a success in between does not reset it', async () => {
    // Prepare
    const ip = freshIp();
    const known = await createTestUser();
    const other = await createTestUser();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1) {
      expect((await loginFrom(ip, { email: unknownEmail(), password: 'wrong-password' })).status).toBe(401);
    }
    expect((await loginFrom(ip, { email: known.user.email, password: known.password })).status).toBe(200);
    expect((await loginFrom(ip, { email: unknownEmail(), password: 'wrong-password' })).status).toBe(401);
    // Act
    const blockedWrong = await loginFrom(ip, { email: unknownEmail(), password: 'wrong-password' });
    const blockedRight = await loginFrom(ip, { email: other.user.email, password: other.password });
    const elsewhere = await loginFrom(freshIp(), { email: other.user.email, password: other.password });
    // Assess
    expect(blockedWrong.status).toBe(429);
    expect(blockedRight.status).toBe(429);
    expect(Number(blockedRight.retryAfter)).toBeGreaterThan(0);
    expect(elsewhere.status, 'the account itself is not blocked').toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const { user, password } = await createTestUser();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1) await loginFrom(freshIp(), { email: user.email, password: 'wrong-password' });
    expect((await loginFrom(freshIp(), { email: user.email, password })).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1) {
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
