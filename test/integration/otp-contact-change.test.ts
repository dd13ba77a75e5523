import { ENV } from '../../shared/config/env-names';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '../../shared/domain/otp';
import { listNotifications } from '../../functions/data/notifications-repository';
import { findUserIdByEmail, findUserIdByMobile, getUser } from '../../functions/data/users-repository';
import { resetConfigForTests } from '../../functions/platform/config';
import { readOutbox } from '../../functions/platform/mail/outbox-mailer';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const outbox = mkdtempSync(join(tmpdir(), 'tb-change-outbox-'));
process.env[ENV.mailOutboxDir] = outbox;
resetConfigForTests();

const api = useGateway();
const EMAIL = '/users/updateuseremail';
const MOBILE = '/users/updateusermobileno';

const freshEmail = () => `moved-${randomInt(1e9)}@test.local`;
const freshMobile = () => `6${String(randomInt(1e9)).padStart(9, '0')}`;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function mailsTo(address: string) {
  return (await readOutbox(outbox)).filter((mail) => mail.to === address);
}

async function latestCodeFor(address: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await mailsTo(address)).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

function change(path: string, who: TestUser, body: Record<string, unknown>, host?: string) {
  return api.call('POST', path, { token: who.token, body, ...(host ? { host } : {}) });
}

describe('POST /users/updateuseremail', () => {
  it('mails a code to the new address, then swaps the email and its lookup, notifies and tells the old address', async () => {
    // Prepare
    const owner = await createTestUser();
    const newEmail = freshEmail();
    // Act
    const requested = await change(EMAIL, owner, { step: 'request', email: newEmail });
    const code = await latestCodeFor(newEmail);
    const confirmed = await change(EMAIL, owner, { step: 'confirm', email: newEmail, otp: code });
    // Assess
    expect(requested.body).toMatchObject({ status: true, data: { state: 'otp', user: null } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: true, data: { state: 'updated', user: { user_id: owner.user.user_id, email: newEmail } } });
    expect(await findUserIdByEmail(1, newEmail)).toBe(owner.user.user_id);
    expect(await findUserIdByEmail(1, owner.user.email)).toBeNull();
    expect((await mailsTo(owner.user.email)).map((m) => m.subject)).toEqual(['Your TradeBridge email address was changed']);
    const { items } = await listNotifications(1, owner.user.user_id, { offset: 0, limit: 5 });
    expect(items.map((n) => n.notify_type)).toContain('Email Changed');
    expect((await api.call('POST', '/auth/userlogin', { body: { email: newEmail, password: owner.password } })).status).toBe(200);
  });

  it("answers 409 'This email is already in use.' for another account's email, and mails nothing", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const answer = await change(EMAIL, owner, { step: 'request', email: other.user.email });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ status: false, error: { message: 'This email is already in use.' } });
    expect(await mailsTo(other.user.email)).toEqual([]);
  });

  it('frees the old email for others once changed', async () => {
    const owner = await createTestUser();
    const newEmail = freshEmail();
    await change(EMAIL, owner, { step: 'request', email: newEmail });
    await change(EMAIL, owner, { step: 'confirm', email: newEmail, otp: await latestCodeFor(newEmail) });
    const other = await createTestUser();
    const taken = await change(EMAIL, other, { step: 'request', email: owner.user.email });
    expect(taken.status).toBe(200);
  });

  it('binds the code to the address it was sent to: confirming another address is a wrong code', async () => {
    const owner = await createTestUser();
    const asked = freshEmail();
    await change(EMAIL, owner, { step: 'request', email: asked });
    const code = await latestCodeFor(asked);
    const swapped = await change(EMAIL, owner, { step: 'confirm', email: freshEmail(), otp: code });
    expect(swapped).toMatchObject({ status: 422, body: { error: { message: 'The OTP is incorrect.' } } });
    expect((await change(EMAIL, owner, { step: 'confirm', email: asked, otp: code })).status).toBe(200);
  });

  it("never applies user A's code to user B", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const target = freshEmail();
    await change(EMAIL, alice, { step: 'request', email: target });
    const code = await latestCodeFor(target);
    const asBob = await change(EMAIL, bob, { step: 'confirm', email: target, otp: code });
    expect(asBob.status).toBe(422);
    expect((await getUser(1, bob.user.user_id))?.email).toBe(bob.user.email);
  });

  it('refuses bad input with 400, and a token of franchise 1 on the tenant-two host with 401', async () => {
    const owner = await createTestUser();
    const bodies = [{}, { step: 'request' }, { step: 'request', email: 'nope' }, { step: 'confirm', email: freshEmail() }, { step: 'confirm', email: freshEmail(), otp: 'abcdef' }, { step: 'request', email: freshEmail(), user_id: 1 }];
    for (const body of bodies) expect((await change(EMAIL, owner, body)).status, JSON.stringify(body)).toBe(400);
    expect((await change(EMAIL, owner, { step: 'request', email: owner.user.email })).status).toBe(400);
    expect((await change(EMAIL, owner, { step: 'request', email: freshEmail() }, 'tenant-two.localhost')).status).toBe(401);
    expect((await api.call('POST', EMAIL, { body: { step: 'request', email: freshEmail() } })).status).toBe(401);
  });
});

describe('POST /users/updateusermobileno', () => {
  it("mails the code to the account's email, then swaps the mobile number and its lookup", async () => {
    // Prepare
    const owner = await createTestUser();
    const newMobile = freshMobile();
    // Act
    const requested = await change(MOBILE, owner, { step: 'request', mobile_no: newMobile });
    const code = await latestCodeFor(owner.user.email);
    const confirmed = await change(MOBILE, owner, { step: 'confirm', mobile_no: newMobile, otp: code });
    // Assess
    expect(requested.body).toMatchObject({ status: true, data: { state: 'otp', user: null } });
    expect(confirmed.body).toMatchObject({ status: true, data: { state: 'updated', user: { mobile_no: newMobile } } });
    expect(await findUserIdByMobile(1, newMobile)).toBe(owner.user.user_id);
    expect(await findUserIdByMobile(1, owner.user.mobile_no)).toBeNull();
    const { items } = await listNotifications(1, owner.user.user_id, { offset: 0, limit: 5 });
    expect(items.map((n) => n.notify_type)).toContain('Mobile Changed');
  });

  it("answers 409 'This mobile number is already in use.' for another account's number", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const answer = await change(MOBILE, owner, { step: 'request', mobile_no: other.user.mobile_no });
    expect(answer).toMatchObject({ status: 409, body: { error: { message: 'This mobile number is already in use.' } } });
  });

  it("answers 409 at confirm when another account took the number meanwhile, and keeps the owner's number", async () => {
    const owner = await createTestUser();
    const rival = await createTestUser();
    const contested = freshMobile();
    await change(MOBILE, owner, { step: 'request', mobile_no: contested });
    const ownerCode = await latestCodeFor(owner.user.email);
    await change(MOBILE, rival, { step: 'request', mobile_no: contested });
    expect((await change(MOBILE, rival, { step: 'confirm', mobile_no: contested, otp: await latestCodeFor(rival.user.email) })).status).toBe(200);
    const late = await change(MOBILE, owner, { step: 'confirm', mobile_no: contested, otp: ownerCode });
    expect(late.status).toBe(409);
    expect((await getUser(1, owner.user.user_id))?.mobile_no).toBe(owner.user.mobile_no);
  });

  it("answers 'incorrect' for wrong codes and 'expired' once 5 tries are used", async () => {
    const owner = await createTestUser();
    const newMobile = freshMobile();
    await change(MOBILE, owner, { step: 'request', mobile_no: newMobile });
    const code = await latestCodeFor(owner.user.email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) {
      expect(await change(MOBILE, owner, { step: 'confirm', mobile_no: newMobile, otp: otherCode(code) })).toMatchObject({ status: 422, body: { error: { message: 'The OTP is incorrect.' } } });
    }
    const spent = await change(MOBILE, owner, { step: 'confirm', mobile_no: newMobile, otp: code });
    expect(spent).toMatchObject({ status: 422, body: { error: { message: 'The OTP has expired. Request a new one.' } } });
  });

  it('refuses a 6th code request within 15 minutes with 429', async () => {
    const owner = await createTestUser();
    for (let i = 0; i < 5; i += 1) expect((await change(MOBILE, owner, { step: 'request', mobile_no: freshMobile() })).status).toBe(200);
    const blocked = await change(MOBILE, owner, { step: 'request', mobile_no: freshMobile() });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  it('refuses bad input with 400', async () => {
    const owner = await createTestUser();
    const bodies = [{ step: 'request' }, { step: 'request', mobile_no: '12345' }, { step: 'request', mobile_no: 9876543210 }, { step: 'confirm', mobile_no: freshMobile(), otp: '1' }, { step: 'request', mobile_no: owner.user.mobile_no }];
    for (const body of bodies) expect((await change(MOBILE, owner, body)).status, JSON.stringify(body)).toBe(400);
  });
});
