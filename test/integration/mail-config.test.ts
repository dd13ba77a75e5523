import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import { mailTestContracts } from '../../shared/contracts/mail-test';
import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import type { RoleFlags } from '../../shared/domain/roles';
import { getPanelConfigItem } from '../../functions/data/panel-configs/panel-config-repository';
import { config, resetConfigForTests } from '../../functions/platform/config';
import { readOutbox } from '../../functions/platform/mail/outbox-mailer';
import { SMTP_SANDBOX_LOGIN, startSmtpSandbox } from '../../infra/local/smtp-sandbox';
import { startSmtpFake, type SmtpFake } from '../fakes/smtp-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { createTestUser, type TestUser } from '../support/users';

/**
 * MAIL_CONFIG in effect (issue 18): a franchise's mails go through its own SMTP server — a real one here
 * (smtp-server on loopback, login required) — from its sender, with its reply-to and the footer of its
 * ORG_CONFIG; another franchise's, and a switched-off config's, still go through the platform's mail
 * service (the outbox folder locally). The fake server speaks plain SMTP: `NONE` is allowed for a
 * loopback server only, and the STARTTLS cases check that the certificate is verified and the upgrade is
 * never skipped. The password is a canary: never in an answer or a log line.
 */
process.env[ENV.logLevel] = 'debug';
resetConfigForTests();
const api = useGateway();

const SAVE = '/users/brokerpanelconfigs/updateconfigs';
const TEST_MAIL = '/users/brokerpanelconfigs/sendtestmail';
const SMTP_USER = 'franchise-mailer';
const PASSWORD = `Canary-smtp-${randomBytes(9).toString('hex')}`;
const ORG = {
  organisation_name: 'Konkan Capital Pvt Ltd',
  address: '',
  support_email: 'care@konkan.example',
  support_phone: '+91 22 5555 0101',
  gstin: '',
  website: 'https://konkan.example',
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
  newUser(roles?: Partial<RoleFlags>): Promise<TestUser>;
}

const answers: string[] = [];
async function call(f: Franchise, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const answer = await api.call(method, path, { host: f.host, ...options });
  answers.push(answer.text);
  return answer;
}

async function newFranchise(): Promise<Franchise> {
  const frchId = 300_000 + randomInt(0, 300_000);
  const host = `mail-${frchId}.localhost`;
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  const admin = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
  return { frchId, host, admin, newUser: (roles = {}) => createTestUser({ frchId, roles }) };
}

let smtp: SmtpFake;
let konkan: Franchise;
let other: Franchise;
const mailSettings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  host: '127.0.0.1',
  port: smtp.port,
  security: 'NONE',
  user: SMTP_USER,
  password: PASSWORD,
  from_name: 'Konkan Capital',
  from_address: 'no-reply@konkan.example',
  reply_to: 'care@konkan.example',
  ...overrides,
});
const saveMail = (f: Franchise, who: TestUser, overrides: Record<string, unknown> = {}) =>
  call(f, 'POST', SAVE, { token: who.token, body: { config_type: 'MAIL_CONFIG', config: mailSettings(overrides) } });
const requestResetCode = (f: Franchise, email: string) => call(f, 'POST', '/auth/forgotpassword', { body: { step: 'request', email } });
const outboxTo = async (address: string) => (await readOutbox(config().mailOutboxDir ?? '')).filter((mail) => mail.to === address);

beforeAll(async () => {
  smtp = await startSmtpFake({ users: { [SMTP_USER]: PASSWORD } });
  konkan = await newFranchise();
  other = await newFranchise();
  dataOf(await call(konkan, 'POST', SAVE, { token: konkan.admin.token, body: { config_type: 'ORG_CONFIG', config: ORG } }), panelConfigContracts.updateConfigs.response);
});
afterAll(async () => smtp.stop());

describe('MAIL_CONFIG', () => {
  it("sends the franchise's mails through its SMTP server, from its sender, with its reply-to and its footer", async () => {
    const saved = dataOf(await saveMail(konkan, konkan.admin), panelConfigContracts.updateConfigs.response);
    expect(saved).toMatchObject({ config_type: 'MAIL_CONFIG', configured: true, secrets_set: { password: true }, config: { password: MASKED_SECRET, host: '127.0.0.1' } });
    const trader = await konkan.newUser();

    expect((await requestResetCode(konkan, trader.user.email)).status).toBe(200);

    const mail = await smtp.waitForMail((m) => m.envelope.to.includes(trader.user.email));
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.from).toBe('Konkan Capital <no-reply@konkan.example>');
    expect(mail.envelope.from).toBe('no-reply@konkan.example');
    expect(mail.replyTo).toBe('care@konkan.example');
    expect(mail.subject).toBe('Your TradeBridge password reset code');
    expect(mail.text).toMatch(/Your code to reset your password is \d{6}\./);
    expect(mail.text).toContain('-- \nKonkan Capital Pvt Ltd\nSupport: care@konkan.example · +91 22 5555 0101\nhttps://konkan.example');
    expect(await outboxTo(trader.user.email), 'not also through the default transport').toEqual([]);
  });

  it("leaves another franchise's mails, and a switched-off config's, to the platform's mail service", async () => {
    const stranger = await other.newUser();
    expect((await requestResetCode(other, stranger.user.email)).status).toBe(200);
    const [mail] = await outboxTo(stranger.user.email);
    expect(mail?.text).toMatch(/Your code to reset your password is \d{6}\./);
    expect(mail?.text, 'no ORG_CONFIG → no footer').not.toContain('-- \n');
    expect(smtp.mails.some((m) => m.envelope.to.includes(stranger.user.email))).toBe(false);

    // Switched off (password left blank: kept) → the default transport, at once (the save forgets the cached settings).
    dataOf(await saveMail(konkan, konkan.admin, { enabled: false, password: '' }), panelConfigContracts.updateConfigs.response);
    const trader = await konkan.newUser();
    expect((await requestResetCode(konkan, trader.user.email)).status).toBe(200);
    const [viaOutbox] = await outboxTo(trader.user.email);
    expect(viaOutbox?.text, "the franchise's footer on every transport").toContain('Konkan Capital Pvt Ltd');
    expect(smtp.mails.some((m) => m.envelope.to.includes(trader.user.email))).toBe(false);
    expect((await getPanelConfigItem(konkan.frchId, 'MAIL_CONFIG'))?.sealed.password, 'the blank password kept the stored one').toBeTruthy();
    dataOf(await saveMail(konkan, konkan.admin, { password: MASKED_SECRET }), panelConfigContracts.updateConfigs.response);
  });

  it("sends a test mail to the caller's own email, or to the address given", async () => {
    const sent = dataOf(await call(konkan, 'POST', TEST_MAIL, { token: konkan.admin.token, body: {} }), mailTestContracts.sendTestMail.response);
    expect(sent).toMatchObject({ to: konkan.admin.user.email, server: `127.0.0.1:${smtp.port}` });
    expect(sent.server_answer).toMatch(/^250 /);
    const mail = await smtp.waitForMail((m) => m.envelope.to.includes(konkan.admin.user.email));
    expect(mail).toMatchObject({ from: 'Konkan Capital <no-reply@konkan.example>', subject: 'Test mail from Konkan Capital' });
    expect(mail.text).toContain('Konkan Capital Pvt Ltd');

    dataOf(await call(konkan, 'POST', TEST_MAIL, { token: konkan.admin.token, body: { to: 'desk@konkan.example' } }), mailTestContracts.sendTestMail.response);
    await smtp.waitForMail((m) => m.envelope.to.includes('desk@konkan.example'));
  });

  it("answers the mail server's own refusal (535 for a wrong password), status false with msg", async () => {
    const f = await newFranchise();
    expectError(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} }), 422, 'Save your mail server settings first, then send a test mail.');

    dataOf(await saveMail(f, f.admin, { password: `${PASSWORD}-wrong`, enabled: false }), panelConfigContracts.updateConfigs.response);
    const refused = await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} });
    const error = expectError(refused, 422);
    expect(error.message).toMatch(/^The mail server refused the test mail: 535 .*Authentication failed/);
    expect((refused.body as { msg?: string }).msg).toBe(error.message);

    // Nobody listening: the connection's failure, in its own words.
    const closed = await startSmtpFake({ users: {} });
    await closed.stop();
    dataOf(await saveMail(f, f.admin, { port: closed.port }), panelConfigContracts.updateConfigs.response);
    expect(expectError(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} }), 422).message).toMatch(/ECONNREFUSED/);
  });

  it('never skips TLS: STARTTLS is required when chosen and the certificate is verified', async () => {
    const f = await newFranchise();
    // A server that offers no STARTTLS (the fake refuses the command: "500 … not recognized"): refused rather than used in plain.
    dataOf(await saveMail(f, f.admin, { security: 'STARTTLS' }), panelConfigContracts.updateConfigs.response);
    expect(expectError(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} }), 422).message).toMatch(/^The mail server refused the test mail: 500 /);
    // A server with a self-signed certificate: refused.
    const selfSigned = await startSmtpFake({ users: { [SMTP_USER]: PASSWORD }, offerStartTls: true });
    try {
      dataOf(await saveMail(f, f.admin, { security: 'STARTTLS', port: selfSigned.port }), panelConfigContracts.updateConfigs.response);
      expect(expectError(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} }), 422).message).toMatch(/certificate/i);
      expect(selfSigned.mails).toEqual([]);
    } finally {
      await selfSigned.stop();
    }
    expect(smtp.mails.some((m) => m.envelope.to.includes(f.admin.user.email))).toBe(false);
  });

  it('refuses malformed settings with 400 and the field, saving nothing', async () => {
    const f = await newFranchise();
    const cases: [Record<string, unknown>, string][] = [
      [{ host: 'bad host!' }, 'config.host'],
      [{ host: '' }, 'config.host'],
      [{ host: '169.254.169.254', security: 'TLS' }, 'config.host'],
      [{ port: 0 }, 'config.port'],
      [{ port: 65536 }, 'config.port'],
      [{ from_address: 'not-an-address' }, 'config.from_address'],
      [{ reply_to: 'nobody@' }, 'config.reply_to'],
      [{ from_name: 'Konkan\r\nBcc: victim@example.com' }, 'config.from_name'],
      [{ security: 'SSL' }, 'config.security'],
      [{ host: 'smtp.konkan.example', security: 'NONE' }, 'config.security'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await saveMail(f, f.admin, overrides);
      const error = expectError(answer, 400);
      expect(error.details?.map((d) => d.path) ?? [], JSON.stringify(overrides)).toContain(field);
      expect((answer.body as { msg?: string }).msg).toBe(error.message);
    }
    expect(expectError(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: { to: 'not-an-address' } }), 400).details?.map((d) => d.path)).toContain('to');
    expect(await getPanelConfigItem(f.frchId, 'MAIL_CONFIG')).toBeNull();
  });

  it('lets only the broker panel save MAIL_CONFIG or send a test mail (white-label and ordinary users: 403)', async () => {
    const f = await newFranchise();
    const whiteLabel = await f.newUser({ is_white_label: true, can_add_subuser: true });
    const trader = await f.newUser();
    for (const who of [whiteLabel, trader]) {
      expectError(await saveMail(f, who), 403);
      expectError(await call(f, 'POST', TEST_MAIL, { token: who.token, body: {} }), 403);
    }
    expect(await getPanelConfigItem(f.frchId, 'MAIL_CONFIG')).toBeNull();
    // Another franchise's admin sees nothing of this one's settings.
    const otherView = dataOf(await call(other, 'GET', '/users/brokerpanelconfigs/getbrokerpanelconfigs?config_type=MAIL_CONFIG', { token: other.admin.token }), panelConfigContracts.getBrokerPanelConfigs.response);
    expect(otherView.groups).toEqual([expect.objectContaining({ config_type: 'MAIL_CONFIG', configured: false, config: null })]);
  });

  it("delivers into the local runtime's SMTP sandbox, which keeps the mail in its outbox folder", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tb-smtp-sandbox-'));
    const sandbox = await startSmtpSandbox({ dataDir, port: 0 });
    try {
      const f = await newFranchise();
      const login = { host: sandbox.host, port: sandbox.port, user: SMTP_SANDBOX_LOGIN.user, password: SMTP_SANDBOX_LOGIN.password };
      dataOf(await saveMail(f, f.admin, login), panelConfigContracts.updateConfigs.response);
      dataOf(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} }), mailTestContracts.sendTestMail.response);
      const names = readdirSync(join(dataDir, 'outbox'));
      const json = names.filter((name) => name.endsWith('.json'));
      expect(json).toHaveLength(1);
      expect(await readOutbox(join(dataDir, 'outbox')), 'readable like the platform\'s own mails').toHaveLength(1);
      const kept: unknown = JSON.parse(readFileSync(join(dataDir, 'outbox', json[0] ?? ''), 'utf8'));
      expect(kept).toMatchObject({ to: f.admin.user.email, subject: 'Test mail from Konkan Capital', from: 'Konkan Capital <no-reply@konkan.example>', reply_to: 'care@konkan.example', via: 'smtp-sandbox' });
      expect(names.filter((name) => name.endsWith('.eml'))).toHaveLength(1);
      dataOf(await saveMail(f, f.admin, { ...login, password: 'not-the-sandbox-password' }), panelConfigContracts.updateConfigs.response);
      expect(expectError(await call(f, 'POST', TEST_MAIL, { token: f.admin.token, body: {} }), 422).message).toMatch(/535 .*Authentication failed/);
    } finally {
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the password out of every answer, the stored item and every log line', async () => {
    const view = dataOf(await call(konkan, 'GET', '/users/brokerpanelconfigs/getbrokerpanelconfigs?config_type=MAIL_CONFIG', { token: konkan.admin.token }), panelConfigContracts.getBrokerPanelConfigs.response);
    expect(view.groups[0]).toMatchObject({ config: { password: MASKED_SECRET }, secrets_set: { password: true } });
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(answer).not.toContain(PASSWORD);
    expect(JSON.stringify(await getPanelConfigItem(konkan.frchId, 'MAIL_CONFIG'))).not.toContain(PASSWORD);
    const logs = capturedLogs.join('\n');
    expect(logs).toContain('"via":"smtp"');
    expect(logs).not.toContain(PASSWORD);
  });
});
