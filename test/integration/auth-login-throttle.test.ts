import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { LOGIN_THROTTLE } from '../../shared/domain/otp';
import { LOGIN_ATTACK_NOTIFICATION_TYPE, LOGIN_CODE_SENT_MESSAGE } from '../../functions/auth/login-challenge';
import { listNotifications } from '../../functions/data/notifications-repository';
import { nowMs, useClock } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { readOutbox } from '../../functions/platform/mail/outbox-mailer';
import { useGateway } from '../support/gateway';
import { loginFrom as loginFromAddress, loopbackAddresses, type LoginAnswer } from '../support/login-from';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 14, fair lockouts: growing delays per (login name, address) and per address instead of a hard
 * 15-minute wall; a name attacked from many addresses asks its owner for a mailed code (and tells them)
 * rather than locking them out. Every test uses addresses and users of its own; the clock is set where
 * a test waits out a delay.
 */
const outbox = mkdtempSync(join(tmpdir(), 'tb-login-outbox-'));
process.env[ENV.mailOutboxDir] = outbox;
resetConfigForTests();

const api = useGateway();
const freshIp = loopbackAddresses();
const loginFrom = (ip: string, body: unknown, headers?: Record<string, string>) => loginFromAddress(api.url(), ip, body, headers ? { headers } : {});
const unknownEmail = () => `nobody-${randomInt(1e9)}@test.local`;
const wrong = (who: TestUser) => ({ email: who.user.email, password: 'not-the-password' });
const right = (who: TestUser) => ({ email: who.user.email, password: who.password });
const detailsOf = (answer: LoginAnswer) => (answer.body as { error?: { details?: unknown } }).error?.details;
const messageOf = (answer: LoginAnswer) => (answer.body as { error?: { message?: string } }).error?.message;

let restoreClock: (() => void) | null = null;
/** Moves the injected clock on by `ms` from where it stands (tests wait out delays this way). */
function advance(ms: number): void {
  const at = nowMs() + ms;
  const started = performance.now();
  restoreClock?.();
  restoreClock = useClock(() => at + (performance.now() - started));
}
afterEach(() => {
  restoreClock?.();
  restoreClock = null;
});

async function failTimes(times: number, ip: () => string, body: () => unknown): Promise<void> {
  for (let i = 0; i < times; i += 1) expect((await loginFrom(ip(), body())).status).toBe(401);
}

describe('login throttle per (login name, address): growing delays, never a wall', () => {
  it(`lets ${LOGIN_THROTTLE.pairFree} wrong passwords through, then makes the next wait ${LOGIN_THROTTLE.delayStartSeconds} s, then twice as long`, async () => {
    const who = await createTestUser();
    const ip = freshIp();
    await failTimes(LOGIN_THROTTLE.pairFree, () => ip, () => wrong(who));
    const waiting = await loginFrom(ip, right(who));
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({ status: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(waiting.retryAfter)).toBeGreaterThan(LOGIN_THROTTLE.delayStartSeconds - 3);
    expect(Number(waiting.retryAfter)).toBeLessThanOrEqual(LOGIN_THROTTLE.delayStartSeconds);

    advance(LOGIN_THROTTLE.delayStartSeconds * 1000 + 500);
    expect((await loginFrom(ip, wrong(who))).status).toBe(401);
    const longer = await loginFrom(ip, right(who));
    expect(longer.status).toBe(429);
    expect(Number(longer.retryAfter)).toBeGreaterThan(2 * LOGIN_THROTTLE.delayStartSeconds - 3);

    advance(2 * LOGIN_THROTTLE.delayStartSeconds * 1000 + 500);
    expect((await loginFrom(ip, right(who))).status, 'the owner gets in once the delay has passed').toBe(200);
    expect((await loginFrom(ip, wrong(who))).status, 'and the pair starts afresh').toBe(401);
  });

  it('slows only that address: the owner logs in at once from another address', async () => {
    const who = await createTestUser();
    const attacker = freshIp();
    await failTimes(LOGIN_THROTTLE.pairFree, () => attacker, () => wrong(who));
    expect((await loginFrom(attacker, right(who))).status).toBe(429);
    expect((await loginFrom(freshIp(), right(who))).status).toBe(200);
  });

  it('lets a second user behind the attacked address log in', async () => {
    const [victim, colleague] = await Promise.all([createTestUser(), createTestUser()]);
    const office = freshIp();
    await failTimes(LOGIN_THROTTLE.pairFree, () => office, () => wrong(victim));
    expect((await loginFrom(office, wrong(victim))).status).toBe(429);
    expect((await loginFrom(office, right(colleague))).status).toBe(200);
  });

  it('is not escaped by a forged X-Viewer-IP: the socket address is the one counted', async () => {
    const who = await createTestUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_THROTTLE.pairFree; i += 1) {
      expect((await loginFrom(ip, wrong(who), { 'x-viewer-ip': `198.51.100.${i + 1}` })).status).toBe(401);
    }
    expect((await loginFrom(ip, right(who), { 'x-viewer-ip': '198.51.100.200' })).status).toBe(429);
  });

  it('serves 20 users logging in at once from one address (an office behind one NAT)', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createTestUser()));
    const office = freshIp();
    const answers = await Promise.all(users.map((who) => loginFrom(office, right(who))));
    expect(answers.map((answer) => answer.status)).toEqual(users.map(() => 200));
  });
});

describe('login throttle per address, whatever names it tries', () => {
  it(`slows an address after ${LOGIN_THROTTLE.addressFree} failures over many names (even a right password waits); other addresses are untouched`, async () => {
    const who = await createTestUser();
    const sprayer = freshIp();
    await failTimes(LOGIN_THROTTLE.addressFree, () => sprayer, () => ({ email: unknownEmail(), password: 'Spring2026!' }));
    const slowed = await loginFrom(sprayer, right(who));
    expect(slowed.status).toBe(429);
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
    expect((await loginFrom(freshIp(), right(who))).status).toBe(200);
  });
});

describe('a login name attacked from many addresses', () => {
  it('tells its owner, asks a right password for a mailed code, lets the owner in with it, and never locks them out', async () => {
    const who = await createTestUser();
    await failTimes(LOGIN_THROTTLE.accountChallenge, freshIp, () => wrong(who));

    const { items } = await listNotifications(who.user.frch_id, who.user.user_id, { offset: 0, limit: 10 });
    expect(items.filter((item) => item.notify_type === LOGIN_ATTACK_NOTIFICATION_TYPE)).toHaveLength(1);
    const mails = (await readOutbox(outbox)).filter((mail) => mail.to === who.user.email);
    expect(mails.map((mail) => mail.subject)).toContain('Wrong passwords were tried on your TradeBridge account');

    const home = freshIp();
    const asked = await loginFrom(home, right(who));
    expect(asked.status).toBe(401);
    expect(messageOf(asked)).toBe(LOGIN_CODE_SENT_MESSAGE);
    expect(detailsOf(asked)).toEqual([{ path: 'login_otp', message: 'otp-required' }]);
    const codeMail = (await readOutbox(outbox)).filter((mail) => mail.to === who.user.email && mail.subject === 'Your TradeBridge login code').at(-1);
    const code = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await loginFrom(home, { ...right(who), login_otp: wrongCode })).status).toBe(422);
    expect((await loginFrom(home, { ...right(who), login_otp: code })).status).toBe(200);
    expect((await loginFrom(home, right(who))).status, 'once in, the name starts afresh').toBe(200);
  });

  it('mails no code for a wrong password while under attack: only the owner can make one be sent', async () => {
    const who = await createTestUser();
    await failTimes(LOGIN_THROTTLE.accountChallenge, freshIp, () => wrong(who));
    expect((await loginFrom(freshIp(), wrong(who))).status).toBe(401);
    const codes = (await readOutbox(outbox)).filter((mail) => mail.to === who.user.email && mail.subject === 'Your TradeBridge login code');
    expect(codes).toHaveLength(0);
  });
});
