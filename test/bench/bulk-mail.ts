import '../../infra/local/quiet-sdk';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bulkMailContracts } from '../../shared/contracts/bulk-mail';
import { panelConfigContracts } from '../../shared/contracts/panel-configs';
import { createSubUser } from '../../functions/data/sub-users/sub-users-repository';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { issueToken } from '../../functions/platform/auth/tokens';
import { BULK_MAIL_PARALLEL, BULK_MAIL_PER_SECOND } from '../../functions/sub-users/bulk-mail/bulk-mail-sender';
import { handler as bulkMailSchedule } from '../../functions/workers/bulk-mail';
import { SMTP_SANDBOX_LOGIN, startSmtpSandbox } from '../../infra/local/smtp-sandbox';
import { createBenchApi } from './bench-api';
import { startBenchPlatform } from './bench-platform';

/**
 * Issue 19's mail figure: a parent mails 1,000 sub-users through the franchise's MAIL_CONFIG pointing at
 * the local SMTP sandbox (the server `npm start` runs, each mail stored in its outbox folder): the time
 * from `sendbulkmails` answering to the job being done, read by polling `getbulkmailjob` as the composer
 * does. The run queued with the mailing sends; the one-minute schedule is called every minute as the
 * local scheduler would, for what that run leaves. The per-franchise rate bounds the figure from below
 * (1,000 / BULK_MAIL_PER_SECOND seconds).
 * Run alone: `node --import tsx test/bench/bulk-mail.ts`.
 */
export interface BulkMailFigures {
  readonly recipients: number;
  readonly queueMs: number;
  readonly allSentMs: number;
  readonly sent: number;
  readonly failed: number;
  /** Mails the SMTP server received (one per recipient, or a duplicate went out). */
  readonly received: number;
  readonly ratePerSecond: number;
  readonly parallel: number;
}

const RECIPIENTS = 1_000;
const SEED_CONCURRENCY = 32;
const POLL_MS = 100;
const SCHEDULE_EVERY_MS = 60_000;

async function newUser(label: string, roles: Record<string, boolean>) {
  return createUser({
    frch_id: 1,
    email: `${label}-${crypto.randomUUID()}@bench.local`,
    first_name: 'Bench',
    last_name: label,
    mobile_no: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    ...NEW_USER_DEFAULTS,
    ...roles,
    password_hash: 'not-a-password-hash',
  });
}

async function seedSubUsers(parentId: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < RECIPIENTS) {
      next += 1;
      const label = `mailsub${next}`;
      const outcome = await createSubUser({ frchId: 1, userId: parentId }, { first_name: 'Bench', last_name: label, email: `${label}@bench.local`, mobile_no: `6${String(next).padStart(9, '0')}` });
      if (outcome.kind !== 'created') throw new Error(`sub-user not created: ${outcome.kind}`);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

export async function measureBulkMail(baseUrl: string): Promise<BulkMailFigures> {
  const api = createBenchApi(baseUrl);
  const sandboxDir = mkdtempSync(join(tmpdir(), 'tb-bench-smtp-'));
  const smtp = await startSmtpSandbox({ dataDir: sandboxDir, port: 0 });
  let schedule: NodeJS.Timeout | undefined;
  try {
    const panel = await newUser('panel', { is_brokerpanel: true });
    const parent = await newUser('parent', { can_add_subuser: true });
    await api.data(panelConfigContracts.updateConfigs, (await issueToken(panel.user_id, 1)).token, {
      config_type: 'MAIL_CONFIG',
      config: { enabled: true, host: smtp.host, port: smtp.port, security: 'NONE', user: SMTP_SANDBOX_LOGIN.user, password: SMTP_SANDBOX_LOGIN.password, from_name: 'Bench', from_address: 'bench@bench.local', reply_to: '' },
    });
    await seedSubUsers(parent.user_id);
    const { token } = await issueToken(parent.user_id, 1);
    const request = { subject: 'Bench mailing', body: 'Hello **all**,\n\n- one\n- two', format: 'markdown', recipients: { all: true }, idempotency_key: `bench-${crypto.randomUUID()}` };
    const started = performance.now();
    const queued = await api.data(bulkMailContracts.sendBulkMails, token, request);
    const queueMs = performance.now() - started;
    schedule = setInterval(() => void bulkMailSchedule(), SCHEDULE_EVERY_MS);
    for (;;) {
      const { job } = await api.data(bulkMailContracts.getBulkMailJob, token, { job_id: queued.job_id, limit: 1 });
      if (job.status === 'done') {
        const allSentMs = performance.now() - started;
        const received = readdirSync(join(sandboxDir, 'outbox')).filter((name) => name.endsWith('.eml')).length;
        return { recipients: queued.recipients, queueMs, allSentMs, sent: job.sent, failed: job.failed, received, ratePerSecond: BULK_MAIL_PER_SECOND, parallel: BULK_MAIL_PARALLEL };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    clearInterval(schedule);
    api.close();
    await smtp.stop();
    rmSync(sandboxDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const platform = await startBenchPlatform();
  try {
    console.log(JSON.stringify(await measureBulkMail(platform.url), null, 2));
  } finally {
    await platform.stop();
  }
  process.exit(0);
}
