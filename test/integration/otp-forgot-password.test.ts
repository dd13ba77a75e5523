import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { OTP_MAX_ATTEMPTS } from '../../shared/domain/otp';
import { otpKeys } from '../../functions/data/keys';
import { listActivities } from '../../functions/data/activities-repository';
import { listNotifications } from '../../functions/data/notifications-repository';
import { dynamo } from '../../functions/platform/clients';
import { nowMs, useClock } from '../../functions/platform/clock';
import { config, resetConfigForTests } from '../../functions/platform/config';
import { readOutbox } from '../../functions/platform/mail/outbox-mailer';
import { capturedLogs } from '../support/integration-env';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const outbox = mkdtempSync(join(tmpdir(), 'tb-otp-outbox-'));
process.env[ENV.mailOutboxDir] = outbox;
process.env[ENV.logLevel] = 'debug';
resetConfigForTests();

const api = useGateway();
const NEW_PASSWORD = 'Bank-Nifty-Iron-Fly-7';
const INCORRECT = 'The OTP is incorrect.';
const EXPIRED = 'The OTP has expired. Request a new one.';

const withoutRequestId = (body: unknown) => JSON.stringify(body).replace(/"requestId":"[^"]+"/, '');
const unknownEmail = () => `nobody-${randomInt(1e9)}@test.local`;

async function mailsTo(address: string) {
  return (await readOutbox(outbox)).filter((mail) => mail.to === address);
}

async function latestCodeFor(address: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await mailsTo(address)).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

function requestCode(identifier: Record<string, string>, host?: string) {
  return api.call('POST', '/auth/forgotpassword', { body: { step: 'request', ...identifier }, ...(host ? { host } : {}) });
}

function reset(identifier: Record<string, string>, otp: string, newPassword = NEW_PASSWORD) {
  return api.call('POST', '/auth/forgotpassword', { body: { step: 'reset', ...identifier, otp, new_password: newPassword } });
}

/** A six-digit code other than the given one. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe("POST /auth/forgotpassword step 'request'", () => {
  it('answers a known and an unknown email identically, and mails the code only to the account', async () => {
    // Prepare
    const { user } = await createTestUser();
    const stranger = unknownEmail();
    // Act
    const known = await requestCode({ email: user.email });
    const unknown = await requestCode({ email: stranger });
    // Assess
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ status: true, data: { state: 'otp' } });
    expect(withoutRequestId(unknown.body)).toBe(withoutRequestId(known.body));
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).not.toMatch(/\d{6}/);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(await mailsTo(stranger)).toEqual([]);
  });

  it('keeps the code out of the logs, which only say that a mail was sent', async () => {
    const { user } = await createTestUser();
    await requestCode({ email: user.email });
    const code = await latestCodeFor(user.email);
    const logs = capturedLogs.join('\n');
    expect(logs).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(logs).not.toContain(user.email);
    expect(logs).toContain('"message":"mail sent"');
  });

  it("asked by mobile number, mails the code to the account's email", async () => {
    const { user } = await createTestUser();
    expect((await requestCode({ mobile_no: user.mobile_no })).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('answers a clear 429 after 5 requests in 15 minutes, for a name with or without an account alike', async () => {
    // A window of its own (a month ahead), so the address budget other tests share is not spent here.
    onTestFinished(useClock(new Date(nowMs() + 30 * 86_400_000)));
    const { user } = await createTestUser();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await requestCode({ email: user.email }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]?.body).toMatchObject({ status: false, error: { message: 'Too many requests from here. Please try again later.' } });
    expect(Number(answers[5]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toHaveLength(5);
    const nobody = `nobody-${randomInt(1e9)}@example.com`;
    const unknown = [];
    for (let i = 0; i < 6; i += 1) unknown.push((await requestCode({ email: nobody })).status);
    expect(unknown).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('mails nothing for an account of another franchise asked on the tenant-two host', async () => {
    const { user } = await createTestUser({ frchId: 1 });
    const answer = await requestCode({ email: user.email }, 'tenant-two.localhost');
    expect(answer.status).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('refuses bad input with 400', async () => {
    const bodies = [
      {},
      { email: 'a@b.co' },
      { step: 'request' },
      { step: 'other', email: 'a@b.co' },
      { step: 'request', email: 'not-an-email' },
      { step: 'request', mobile_no: '5555' },
      { step: 'request', email: 'a@b.co', mobile_no: '9876543210' },
      { step: 'request', email: 'a@b.co', otp: '123456' },
    ];
    for (const body of bodies) expect((await api.call('POST', '/auth/forgotpassword', { body })).status, JSON.stringify(body)).toBe(400);
  });
});

describe("POST /auth/forgotpassword step 'reset'", () => {
  it('sets the new password with the mailed code, revokes earlier tokens, notifies and logs the activity', async () => {
    // Prepare
    const { user, token } = await createTestUser();
    await requestCode({ email: user.email });
    const code = await latestCodeFor(user.email);
    // Act
    const answer = await reset({ email: user.email }, code);
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, data: { state: 'password-reset' } });
    expect((await api.call('GET', '/users/getuserprofile', { token })).status).toBe(401);
    const login = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
    const { items } = await listNotifications(1, user.user_id, { offset: 0, limit: 5 });
    expect(items.map((n) => n.notify_type)).toContain('Password Changed');
    const activities = await listActivities(1, user.user_id, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 10 });
    expect(activities.items.map((a) => a.action)).toContain('Reset password with an OTP');
    expect(await reset({ email: user.email }, code, 'Another-Strong-Pass-1'), 'a code works once').toMatchObject({ status: 422 });
  });

  it("answers 422 'The OTP is incorrect.' for a wrong code, and 'expired' once 5 tries are used, deleting the code", async () => {
    // Prepare
    const { user } = await createTestUser();
    await requestCode({ email: user.email });
    const code = await latestCodeFor(user.email);
    // Act
    const tries = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) tries.push(await reset({ email: user.email }, otherCode(code)));
    const afterTries = await reset({ email: user.email }, code);
    // Assess
    for (const answer of tries) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'BUSINESS_RULE', message: INCORRECT, details: [{ path: 'otp', message: 'otp-invalid' }] } });
    }
    expect(afterTries.status).toBe(422);
    expect(afterTries.body).toMatchObject({ error: { message: EXPIRED, details: [{ path: 'otp', message: 'otp-expired' }] } });
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: otpKeys.item(1, 'forgot-password', user.user_id) }));
    expect(Item).toBeUndefined();
  });

  it("answers 'expired' for a code past its 10 minutes", async () => {
    const { user } = await createTestUser();
    await requestCode({ email: user.email });
    const code = await latestCodeFor(user.email);
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: otpKeys.item(1, 'forgot-password', user.user_id),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(nowMs() / 1000) - 1 },
      }),
    );
    const answer = await reset({ email: user.email }, code);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { message: EXPIRED } });
  });

  it('replaces the live code with a new request: the old code no longer works, the new one does', async () => {
    const { user } = await createTestUser();
    await requestCode({ email: user.email });
    const first = await latestCodeFor(user.email);
    let second = first;
    while (second === first) {
      await requestCode({ email: user.email });
      second = await latestCodeFor(user.email);
    }
    expect(await reset({ email: user.email }, first)).toMatchObject({ status: 422, body: { error: { message: INCORRECT } } });
    expect((await reset({ email: user.email }, second)).status).toBe(200);
  });

  it("never accepts user A's code for user B", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    await requestCode({ email: alice.user.email });
    await requestCode({ email: bob.user.email });
    const aliceCode = await latestCodeFor(alice.user.email);
    const bobCode = await latestCodeFor(bob.user.email);
    if (aliceCode === bobCode) return; // one in a million: the same digits, both codes are fine
    expect(await reset({ email: bob.user.email }, aliceCode)).toMatchObject({ status: 422, body: { error: { message: INCORRECT } } });
    expect((await reset({ email: alice.user.email }, aliceCode)).status).toBe(200);
    expect((await reset({ email: bob.user.email }, bobCode)).status).toBe(200);
  });

  it('answers an unknown account exactly like a wrong code, also after a request and after 5 tries', async () => {
    // Prepare
    const { user } = await createTestUser();
    const stranger = unknownEmail();
    await requestCode({ email: user.email });
    await requestCode({ email: stranger });
    const code = await latestCodeFor(user.email);
    const wrong = otherCode(code);
    // Act + Assess
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) {
      const known = await reset({ email: user.email }, wrong);
      const unknown = await reset({ email: stranger }, wrong);
      expect(unknown.status).toBe(422);
      expect(withoutRequestId(unknown.body)).toBe(withoutRequestId(known.body));
    }
    const knownExpired = await reset({ email: user.email }, wrong);
    const unknownExpired = await reset({ email: stranger }, wrong);
    expect(withoutRequestId(unknownExpired.body)).toBe(withoutRequestId(knownExpired.body));
    const neverAsked = await reset({ email: unknownEmail() }, wrong);
    expect(neverAsked.body).toMatchObject({ status: false, error: { message: INCORRECT } });
  });

  it('refuses bad input with 400 without using up a try: missing code, malformed code, short or common password', async () => {
    const { user } = await createTestUser();
    await requestCode({ email: user.email });
    const code = await latestCodeFor(user.email);
    const bodies = [
      { step: 'reset', email: user.email, new_password: NEW_PASSWORD },
      { step: 'reset', email: user.email, otp: '12345', new_password: NEW_PASSWORD },
      { step: 'reset', email: user.email, otp: 123456, new_password: NEW_PASSWORD },
      { step: 'reset', email: user.email, otp: code },
      { step: 'reset', email: user.email, otp: code, new_password: 'short' },
      { step: 'reset', email: user.email, otp: code, new_password: 'qwerty123' },
    ];
    for (const body of bodies) expect((await api.call('POST', '/auth/forgotpassword', { body })).status, JSON.stringify(body)).toBe(400);
    expect((await reset({ email: user.email }, code)).status).toBe(200);
  });
});
