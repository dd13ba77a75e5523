import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { passwordSetupContracts } from '../../shared/contracts/password-setup';
import { subUserContracts } from '../../shared/contracts/subusers';
import { getUser } from '../../functions/data/users-repository';
import { nowMs, useClock } from '../../functions/platform/clock';
import { config, resetConfigForTests } from '../../functions/platform/config';
import { readOutbox } from '../../functions/platform/mail/outbox-mailer';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { loginFrom, loopbackAddresses } from '../support/login-from';
import { createTestUser, type TestUser } from '../support/users';

/**
 * A user added by a parent chooses its password from the welcome mail (issue 19): the mail goes through the
 * franchise's mail service with the parent's and the organisation's names and a single-use link valid for
 * 72 hours; `/auth/setpassword` sets the password once; until then the user cannot log in, and the login's
 * answer is the same as for a wrong password.
 */
const api = useGateway();
const freshIp = loopbackAddresses();
const SET = '/auth/setpassword';
const NEW_PASSWORD = 'Nifty-Calendar-Spread-42';
const NOT_VALID = 'This link is not valid. Ask for a new one.';
const WRONG_CREDENTIALS = 'Invalid credentials. Please check your email or mobile number and password.';
const ORG = {
  organisation_name: 'Sahyadri Securities',
  address: '',
  support_email: 'help@sahyadri.example',
  support_phone: '',
  gstin: '',
  website: '',
  terms_url: '',
  privacy_url: '',
  twitter_url: '',
  telegram_url: '',
  youtube_url: '',
  instagram_url: '',
};

interface Franchise {
  readonly frchId: number;
  readonly host: string;
  readonly admin: TestUser;
}

async function newFranchise(): Promise<Franchise> {
  const frchId = 910_000 + randomInt(0, 80_000);
  const host = `pwsetup-${frchId}.localhost`;
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  return { frchId, host, admin: await createTestUser({ frchId, roles: { is_brokerpanel: true } }) };
}

const saveConfig = (f: Franchise, config_type: string, fields: Record<string, unknown>) =>
  api.call('POST', '/users/brokerpanelconfigs/updateconfigs', { host: f.host, token: f.admin.token, body: { config_type, config: fields } });

let franchise: Franchise;
let parent: TestUser;
beforeAll(async () => {
  franchise = await newFranchise();
  expect((await saveConfig(franchise, 'ORG_CONFIG', ORG)).status).toBe(200);
  parent = await createTestUser({ frchId: franchise.frchId, roles: { can_add_subuser: true } });
});

const newContact = () => ({ first_name: 'Nisha', last_name: 'Patil', email: `setpw-${randomUUID()}@test.local`, mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}` });
const setPassword = (body: unknown, host = franchise.host) => api.call('POST', SET, { host, body });
const logIn = (email: string, password: string) => loginFrom(api.url(), freshIp(), { email, password }, { tenantHost: franchise.host });

/** Adds a sub-user under `parent` and answers it with the token of the link mailed to it. */
async function addWithLink() {
  const contact = newContact();
  const answer = dataOf(await api.call('POST', '/users/subusermanagement/addsubuser', { host: franchise.host, token: parent.token, body: contact }), subUserContracts.addSubUser.response);
  expect(answer.mail_sent).toBe(true);
  const mails = (await readOutbox(config().mailOutboxDir ?? '')).filter((mail) => mail.to === contact.email);
  expect(mails).toHaveLength(1);
  const token = /\/platform\/setpassword\?token=([A-Za-z0-9_-]{43})(\s|$)/.exec(mails[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no link in the mail: ${mails[0]?.text}`);
  return { ...contact, userId: answer.sub_user.user_id, token, mail: mails[0] };
}

describe('the welcome mail', () => {
  it("names the parent and the organisation, links to the franchise's own site, and ends with its footer", async () => {
    const added = await addWithLink();
    expect(added.mail?.subject).toBe('Welcome to Sahyadri Securities: choose your password');
    expect(added.mail?.text).toContain('Hello Nisha,');
    expect(added.mail?.text).toContain(`${parent.user.first_name} ${parent.user.last_name} has added you to Sahyadri Securities.`);
    expect(added.mail?.text).toMatch(new RegExp(`http://${franchise.host.replace(/\./g, '\\.')}(:\\d+)?/platform/setpassword\\?token=${added.token}`));
    expect(added.mail?.text).toContain('expires in 72 hours');
    expect(added.mail?.text).toContain('-- \nSahyadri Securities\nSupport: help@sahyadri.example');
  });

  it('still adds the user when the mail cannot go, and says so (mail_sent false)', async () => {
    const other = await newFranchise();
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const mailSettings = { enabled: true, host: '127.0.0.1', port: closedPort, security: 'NONE', user: 'nobody', password: 'Unused-pass-1', from_name: 'Nobody', from_address: 'no-reply@nowhere.example', reply_to: '' };
    expect((await saveConfig(other, 'MAIL_CONFIG', mailSettings)).status, 'MAIL_CONFIG saved').toBe(200);
    const answer = dataOf(await api.call('POST', '/users/subusermanagement/addsubuser', { host: other.host, token: other.admin.token, body: newContact() }), subUserContracts.addSubUser.response);
    expect(answer).toMatchObject({ mail_sent: false, sub_user: { parent_user_id: other.admin.user.user_id, password_set: false } });
  });
});

describe('POST /auth/setpassword', () => {
  it('sets the password once from the link; the user logs in with it, and the link does not work again', async () => {
    const added = await addWithLink();
    // No password yet: any password fails exactly as for an unknown account.
    const before = await logIn(added.email, 'any-password-1');
    const unknown = await logIn(`nobody-${randomUUID()}@test.local`, 'any-password-1');
    expect([before.status, unknown.status]).toEqual([401, 401]);
    expect(before.body).toMatchObject({ error: { message: WRONG_CREDENTIALS } });
    expect(unknown.body).toMatchObject({ error: { message: WRONG_CREDENTIALS } });

    const answer = dataOf(await setPassword({ token: added.token, password: NEW_PASSWORD }), passwordSetupContracts.setPassword.response);
    expect(answer).toEqual({ email: added.email });
    const login = await logIn(added.email, NEW_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ data: { user: { user_id: added.userId } } });
    expect(await getUser(franchise.frchId, added.userId)).toMatchObject({ password_hash: expect.stringMatching(/^\$argon2id\$/) });

    expectError(await setPassword({ token: added.token, password: 'Another-pass-77' }), 400, 'This link has already been used. Sign in with your password, or reset it.');
    expect((await logIn(added.email, 'Another-pass-77')).status).toBe(401);
  });

  it('refuses a link that expired (after 72 hours) and keeps the user without a password', async () => {
    const added = await addWithLink();
    const restore = useClock(new Date(nowMs() + 72 * 3_600_000 + 1_000));
    try {
      expectError(await setPassword({ token: added.token, password: NEW_PASSWORD }), 400, 'This link has expired. Ask for a new one.');
    } finally {
      restore();
    }
    expect((await getUser(franchise.frchId, added.userId))?.password_hash).toBe('');
  });

  it('works just before the expiry', async () => {
    const added = await addWithLink();
    const restore = useClock(new Date(nowMs() + 71 * 3_600_000));
    try {
      dataOf(await setPassword({ token: added.token, password: NEW_PASSWORD }), passwordSetupContracts.setPassword.response);
    } finally {
      restore();
    }
  });

  it('refuses an unknown or malformed token, a link of another franchise, a weak or common password (400)', async () => {
    const added = await addWithLink();
    expectError(await setPassword({ token: 'A'.repeat(43), password: NEW_PASSWORD }), 400, NOT_VALID);
    expectError(await setPassword({ token: 'short', password: NEW_PASSWORD }), 400);
    expectError(await setPassword({ token: added.token, password: NEW_PASSWORD }, 'tenant-two.localhost'), 400, NOT_VALID);
    expectError(await setPassword({ token: added.token, password: '123' }), 400);
    expectError(await setPassword({ token: added.token, password: 'password123' }), 400, 'This password is too common. Choose another.');
    expectError(await setPassword({ token: added.token, password: NEW_PASSWORD, extra: 1 }), 400);
    // None of those used the link.
    dataOf(await setPassword({ token: added.token, password: NEW_PASSWORD }), passwordSetupContracts.setPassword.response);
  });
});
