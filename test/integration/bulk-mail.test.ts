import { randomInt, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { BULK_MAIL_DAILY_CAP, bulkMailContracts } from '../../shared/contracts/bulk-mail';
import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import { tradingDay } from '../../shared/domain/market-clock';
import { createJob, listOpenJobs } from '../../functions/data/bulk-mail/bulk-mail-jobs-repository';
import { userKeys } from '../../functions/data/keys';
import { createSubUser } from '../../functions/data/sub-users/sub-users-repository';
import type { UserItem } from '../../functions/data/user-item';
import { issueToken } from '../../functions/platform/auth/tokens';
import { now, useClock } from '../../functions/platform/clock';
import { dynamo } from '../../functions/platform/clients';
import { config, resetConfigForTests } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { runBulkMailWorker } from '../../functions/sub-users/bulk-mail/bulk-mail-sender';
import { jobIdOf } from '../../functions/sub-users/bulk-mail/queue-bulk-mail';
import { parseMail, startSmtpFake, type ReceivedMail, type SmtpFake } from '../fakes/smtp-fake';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * `sendbulkmails` (issue 19): a parent's mail to all or chosen sub-users, queued and sent in batches
 * through the franchise's own SMTP server (a real one on loopback, franchise of this file's own), each
 * copy to one sub-user only, with an HTML part from the shared markdown renderer, a text part and the ORG
 * footer; progress reaches done with per-recipient outcomes; a refused address is failed with the
 * server's words; the daily cap; an unmanaged id queues nothing; the idempotency key queues once.
 * The clock runs from a fixed instant, so no assertion depends on today's date.
 */
const START = Date.parse('2031-03-10T05:00:00Z');
const started = performance.now();
let restoreClock: () => void = () => undefined;
const api = useGateway();
const log = createLogger({ test: 'bulk-mail' }, 'error');

const SEND = '/users/subusermanagement/sendbulkmails';
const JOB = '/users/subusermanagement/getbulkmailjob';
const JOBS = '/users/subusermanagement/getbulkmailjobs';
const REFUSED = `refused-${randomUUID()}@test.local`;

const frchId = 600_000 + randomInt(0, 250_000);
const host = `bulkmail-${frchId}.localhost`;
let smtp: SmtpFake;
let panel: TestUser;
let parent: TestUser;
let subs: UserItem[];

const call = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body, host });
const newKey = () => `k-${randomUUID()}`;
const mailRequest = (recipients: unknown, overrides: Record<string, unknown> = {}) => ({
  subject: `Market update ${randomUUID()}`,
  body: 'Hello **all**,\n\nRead [the note](https://konkan.example/note).\n\n- one\n- two <b>',
  format: 'markdown',
  recipients,
  idempotency_key: newKey(),
  ...overrides,
});

async function addSub(owner: TestUser, email = `sub-${randomUUID()}@test.local`): Promise<UserItem> {
  const outcome = await createSubUser(
    { frchId, userId: owner.user.user_id },
    { first_name: 'Asha', last_name: 'Rao', email, mobile_no: `6${String(randomInt(0, 1e9)).padStart(9, '0')}` },
  );
  if (outcome.kind !== 'created') throw new Error(`sub-user not created: ${outcome.kind}`);
  return outcome.user;
}

async function waitUntilDone(who: TestUser, jobId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = dataOf(await call(who, JOB, { job_id: jobId, limit: 200 }), bulkMailContracts.getBulkMailJob.response);
    if (answer.job.status === 'done') return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the mailing did not finish');
}

/** The decoded text/html part of a multipart mail. */
function htmlOf(mail: ReceivedMail): string {
  const boundary = /boundary="?([^";]+)"?/i.exec(mail.headers['content-type'] ?? '')?.[1] ?? '';
  const body = mail.raw.slice(mail.raw.search(/\r?\n\r?\n/)).replace(/^\r?\n\r?\n/, '');
  const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => parseMail(part.replace(/^\r?\n/, '')));
  return parts.find((part) => /^text\/html/i.test(part.headers['content-type'] ?? ''))?.text ?? '';
}

const mailsWith = (subject: string) => smtp.mails.filter((mail) => mail.subject === subject);

beforeAll(async () => {
  restoreClock = useClock(() => START + (performance.now() - started));
  smtp = await startSmtpFake({
    users: {},
    onMail: async (mail) => {
      if (mail.envelope.to.includes(REFUSED)) throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    },
  });
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  panel = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
  const save = (config_type: string, config: unknown) => call(panel, '/users/brokerpanelconfigs/updateconfigs', { config_type, config });
  dataOf(
    await save('ORG_CONFIG', {
      organisation_name: 'Konkan Capital Pvt Ltd',
      address: '',
      support_email: 'care@konkan.example',
      support_phone: '',
      gstin: '',
      website: '',
      terms_url: '',
      privacy_url: '',
      twitter_url: '',
      telegram_url: '',
      youtube_url: '',
      instagram_url: '',
    }),
    panelConfigContracts.updateConfigs.response,
  );
  dataOf(
    await save('MAIL_CONFIG', {
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      security: 'NONE',
      user: '',
      password: '',
      from_name: 'Konkan Capital',
      from_address: 'no-reply@konkan.example',
      reply_to: '',
    }),
    panelConfigContracts.updateConfigs.response,
  );
  parent = await createTestUser({ frchId, roles: { can_add_subuser: true } });
  subs = [await addSub(parent), await addSub(parent), await addSub(parent)];
});
afterAll(async () => {
  restoreClock();
  await smtp.stop();
});

describe('sendbulkmails', () => {
  it('mails every active sub-user (not an inactive one) once, alone in To, with HTML from markdown, a text part and the footer', async () => {
    const inactive = await addSub(parent);
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: userKeys.profile(frchId, inactive.user_id),
        UpdateExpression: 'SET profile_status = :inactive',
        ExpressionAttributeValues: { ':inactive': 'inactive' },
      }),
    );
    const request = mailRequest({ all: true });
    const queued = dataOf(await call(parent, SEND, request), bulkMailContracts.sendBulkMails.response);
    expect(queued).toMatchObject({ recipients: 3, status: 'queued' });
    // A second and third worker at the same time as the one queuing started: nobody is mailed twice.
    await Promise.all([runBulkMailWorker({ log, jobs: [{ job_id: queued.job_id, frch_id: frchId }] }), runBulkMailWorker({ log, jobs: [{ job_id: queued.job_id, frch_id: frchId }] })]);
    const done = await waitUntilDone(parent, queued.job_id);
    expect(done.job).toMatchObject({ status: 'done', recipients: 3, sent: 3, failed: 0, pending: 0 });
    expect(done.job.started_at).not.toBeNull();
    expect(done.job.finished_at).not.toBeNull();
    expect(done.outcomes.map((outcome) => outcome.status)).toEqual(['sent', 'sent', 'sent']);

    const mails = mailsWith(request.subject);
    expect(mails.map((mail) => mail.envelope.to).sort()).toEqual(subs.map((sub) => [sub.email]).sort());
    for (const mail of mails) {
      expect(mail.to).toBe(mail.envelope.to[0]);
      expect(mail.headers.cc ?? '').toBe('');
      expect(mail.from).toBe('Konkan Capital <no-reply@konkan.example>');
      expect(mail.text).toContain('Hello **all**');
      expect(mail.text).toContain('-- \nKonkan Capital Pvt Ltd\nSupport: care@konkan.example');
      const html = htmlOf(mail);
      expect(html).toContain('<p>Hello <strong>all</strong>,</p>');
      expect(html).toContain('<a href="https://konkan.example/note" rel="noopener noreferrer" target="_blank">the note</a>');
      expect(html).toContain('<li>two &lt;b&gt;</li>');
      expect(html).toContain('Konkan Capital Pvt Ltd');
    }
    expect((await listOpenJobs()).map((job) => job.job_id)).not.toContain(queued.job_id);
  });

  it('mails only the chosen sub-users and records a refused address as failed with the server’s answer', async () => {
    const refused = await addSub(parent, REFUSED);
    const request = mailRequest({ sub_user_ids: [subs[0]!.user_id, refused.user_id] }, { format: 'text', body: 'Plain <text>\nline two' });
    const queued = dataOf(await call(parent, SEND, request), bulkMailContracts.sendBulkMails.response);
    expect(queued.recipients).toBe(2);
    const done = await waitUntilDone(parent, queued.job_id);
    expect(done.job).toMatchObject({ status: 'done', sent: 1, failed: 1, pending: 0 });
    const failed = done.outcomes.find((outcome) => outcome.user_id === refused.user_id);
    expect(failed).toMatchObject({ status: 'failed', email: REFUSED });
    expect(failed?.error).toMatch(/550.*Mailbox unavailable/);
    const onlyFailed = dataOf(await call(parent, JOB, { job_id: queued.job_id, only_failed: true }), bulkMailContracts.getBulkMailJob.response);
    expect(onlyFailed.outcomes.map((outcome) => outcome.user_id)).toEqual([refused.user_id]);
    const mails = mailsWith(request.subject);
    expect(mails.map((mail) => mail.envelope.to)).toEqual([[subs[0]!.email]]);
    expect(htmlOf(mails[0]!)).toContain('<p>Plain &lt;text&gt;<br>line two</p>');

    const recent = dataOf(await call(parent, JOBS, {}), bulkMailContracts.getBulkMailJobs.response);
    expect(recent.jobs[0]).toMatchObject({ job_id: queued.job_id, sent: 1, failed: 1, status: 'done' });
  });

  it('queues once for the same idempotency key', async () => {
    const request = mailRequest({ sub_user_ids: [subs[1]!.user_id] });
    const [first, second] = await Promise.all([call(parent, SEND, request), call(parent, SEND, request)]);
    const a = dataOf(first, bulkMailContracts.sendBulkMails.response);
    const b = dataOf(second, bulkMailContracts.sendBulkMails.response);
    expect(b.job_id).toBe(a.job_id);
    await waitUntilDone(parent, a.job_id);
    const again = dataOf(await call(parent, SEND, request), bulkMailContracts.sendBulkMails.response);
    expect(again).toMatchObject({ job_id: a.job_id, status: 'done' });
    expect(mailsWith(request.subject)).toHaveLength(1);
  });

  it('finishes a mailing whose first request stopped after writing the job, when the same key comes again', async () => {
    // Prepare: the job as a request that died before writing its recipients left it (queued, not open).
    const owner = await createTestUser({ frchId, roles: { can_add_subuser: true } });
    const [only] = [await addSub(owner)];
    const request = mailRequest({ sub_user_ids: [only!.user_id] });
    const jobId = jobIdOf({ frchId, userId: owner.user.user_id }, request.idempotency_key);
    const at = now();
    await createJob(
      { job_id: jobId, frch_id: frchId, owner_user_id: owner.user.user_id, subject: request.subject, body: request.body, format: 'markdown', recipients: 1, created_at: at.toISOString() },
      tradingDay(at),
      BULK_MAIL_DAILY_CAP,
      at,
    );
    // Act: at once the job may still be being queued, so it is only answered; three minutes on, it is taken over.
    const early = dataOf(await call(owner, SEND, request), bulkMailContracts.sendBulkMails.response);
    expect(early).toEqual({ job_id: jobId, recipients: 1, status: 'queued' });
    expect(mailsWith(request.subject)).toEqual([]);
    const restore = useClock(() => at.getTime() + 3 * 60_000 + (performance.now() - started));
    try {
      const resumed = dataOf(await call(owner, SEND, request), bulkMailContracts.sendBulkMails.response);
      expect(resumed.job_id).toBe(jobId);
      // Assess: sent once, to its one recipient.
      await waitUntilDone(owner, jobId);
      expect(mailsWith(request.subject)).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('refuses a mailing over the daily cap with how many are left, and allows it the next day', async () => {
    const busy = await createTestUser({ frchId, roles: { can_add_subuser: true } });
    const mine = [await addSub(busy), await addSub(busy), await addSub(busy)];
    const at = now();
    // A mailing queued earlier today took all but two of the day's recipients.
    await createJob(
      { job_id: `earlier-${randomUUID()}`, frch_id: frchId, owner_user_id: busy.user.user_id, subject: 'Earlier', body: 'x', format: 'text', recipients: BULK_MAIL_DAILY_CAP - 2, created_at: at.toISOString() },
      tradingDay(at),
      BULK_MAIL_DAILY_CAP,
      at,
    );
    const request = mailRequest({ all: true });
    expectError(await call(busy, SEND, request), 422, 'This mailing has 3 recipients, but you can mail only 2 more today (a limit of 2,000 a day).');
    expect(mailsWith(request.subject)).toEqual([]);

    const restore = useClock(() => START + 24 * 3600_000 + (performance.now() - started));
    try {
      // A token of the next day (the first one has expired by then).
      const nextDay = { ...busy, token: (await issueToken(busy.user.user_id, frchId)).token };
      const queued = dataOf(await call(nextDay, SEND, request), bulkMailContracts.sendBulkMails.response);
      expect(queued.recipients).toBe(mine.length);
      await waitUntilDone(nextDay, queued.job_id);
    } finally {
      restore();
    }
  });

  it('answers 404 and queues nothing when one chosen id is not managed by the caller', async () => {
    const other = await createTestUser({ frchId, roles: { can_add_subuser: true } });
    const request = mailRequest({ sub_user_ids: [subs[0]!.user_id] });
    expectError(await call(other, SEND, request), 404, 'Sub-user not found');
    const mixed = mailRequest({ sub_user_ids: [subs[0]!.user_id, panel.user.user_id] });
    expectError(await call(parent, SEND, mixed), 404, 'Sub-user not found');
    expect(dataOf(await call(other, JOBS, {}), bulkMailContracts.getBulkMailJobs.response).jobs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsWith(request.subject)).toEqual([]);
    expect(mailsWith(mixed.subject)).toEqual([]);
  });

  it("keeps a parent's mailing from anyone else: another parent's job id is 404", async () => {
    const queued = dataOf(await call(parent, SEND, mailRequest({ sub_user_ids: [subs[2]!.user_id] })), bulkMailContracts.sendBulkMails.response);
    const other = await createTestUser({ frchId, roles: { can_add_subuser: true } });
    expectError(await call(other, JOB, { job_id: queued.job_id }), 404, 'Mailing not found');
    expectError(await call(panel, JOB, { job_id: queued.job_id }), 404, 'Mailing not found');
    await waitUntilDone(parent, queued.job_id);
  });

  it('refuses bad input (400) and callers that are not parents (403)', async () => {
    for (const body of [
      mailRequest({ all: true }, { subject: '' }),
      mailRequest({ all: true }, { subject: 'x'.repeat(151) }),
      mailRequest({ all: true }, { body: 'x'.repeat(20_001) }),
      mailRequest({ all: true }, { format: 'html' }),
      mailRequest({ sub_user_ids: [] }),
      mailRequest({ sub_user_ids: Array.from({ length: 5_001 }, (_, index) => index + 1) }),
      mailRequest({ all: false }),
      mailRequest({ all: true }, { idempotency_key: 'short' }),
    ]) {
      expect((await call(parent, SEND, body)).status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect((await call(parent, JOB, { job_id: '../x' })).status).toBe(400);
    const plain = await createTestUser({ frchId });
    expectError(await call(plain, SEND, mailRequest({ sub_user_ids: [subs[0]!.user_id] })), 403);
    expectError(await call(plain, JOBS, {}), 403);
  });
});
