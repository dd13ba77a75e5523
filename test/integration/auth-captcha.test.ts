import { ENV } from '../../shared/config/env-names';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../functions/platform/config';
import { startCaptchaServer, type CaptchaServer } from '../fakes/captcha-server';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const SECRET = 'captcha-test-secret';
const PASSING = 'token-that-passes';

const api = useGateway();
let verifier: CaptchaServer;

beforeAll(async () => {
  verifier = await startCaptchaServer({ secret: SECRET, passingToken: PASSING });
  process.env[ENV.captchaSecret] = SECRET;
  process.env[ENV.captchaVerifyUrl] = verifier.url;
  process.env[ENV.mailOutboxDir] = mkdtempSync(join(tmpdir(), 'tb-captcha-outbox-'));
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env[ENV.captchaSecret];
  delete process.env[ENV.captchaVerifyUrl];
  resetConfigForTests();
  await verifier.stop();
});

describe('invisible captcha when CAPTCHA_SECRET is configured', () => {
  it('refuses a login whose captcha token fails, or is missing, with 400 before the credentials are checked', async () => {
    const { user, password } = await createTestUser();
    const failing = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password, captcha_token: 'bad-token' } });
    const missing = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password } });
    for (const answer of [failing, missing]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: false, error: { message: 'Captcha verification failed' } });
    }
  });

  it('logs in with a passing token, sending secret, token and client IP to the verifier as a form', async () => {
    const { user, password } = await createTestUser();
    const answer = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password, captcha_token: PASSING } });
    expect(answer.status).toBe(200);
    expect(verifier.received.at(-1)).toEqual({ secret: SECRET, response: PASSING, remoteip: '127.0.0.1' });
  });

  it('guards registration and the forgot-password request the same way', async () => {
    const email = `captcha-${randomInt(1e9)}@test.local`;
    const registration = { first_name: 'Cap', last_name: 'Tcha', email, mobile_no: `9${String(randomInt(1e9)).padStart(9, '0')}`, password: 'Tr4ding-Desk-2025' };
    const refusedRegistration = await api.call('POST', '/auth/userregister', { body: { ...registration, captcha_token: 'bad-token' } });
    const refusedReset = await api.call('POST', '/auth/forgotpassword', { body: { step: 'request', email, captcha_token: 'bad-token' } });
    expect(refusedRegistration.status).toBe(400);
    expect(refusedReset.status).toBe(400);
    const registered = await api.call('POST', '/auth/userregister', { body: { ...registration, captcha_token: PASSING } });
    const resetRequested = await api.call('POST', '/auth/forgotpassword', { body: { step: 'request', email, captcha_token: PASSING } });
    expect(registered.status).toBe(200);
    expect(resetRequested.status).toBe(200);
  });

  it('fails closed when the verifier cannot be reached', async () => {
    process.env[ENV.captchaVerifyUrl] = 'http://127.0.0.1:9/unreachable';
    resetConfigForTests();
    try {
      const { user, password } = await createTestUser();
      const answer = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password, captcha_token: PASSING } });
      expect(answer.status).toBe(400);
    } finally {
      process.env[ENV.captchaVerifyUrl] = verifier.url;
      resetConfigForTests();
    }
  });
});
