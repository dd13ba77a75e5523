import { createHash } from 'node:crypto';
import {
  BULK_MAIL_DAILY_CAP,
  BULK_MAIL_DAILY_CAP_BROKER_PANEL,
  type BulkMailRecipients,
  type SendBulkMailsRequest,
} from '../../../shared/contracts/bulk-mail';
import { tradingDay } from '../../../shared/domain/market-clock';
import { createJob, getJob, isJobOpen, openJob, type BulkMailJobItem } from '../../data/bulk-mail/bulk-mail-jobs-repository';
import { putMissingRecipients, putRecipients, type NewRecipient } from '../../data/bulk-mail/bulk-mail-recipients-repository';
import { listFranchiseUsers, listSubUsersOfParent } from '../../data/sub-users/sub-users-repository';
import type { UserItem } from '../../data/user-item';
import { now } from '../../platform/clock';
import { BusinessRuleError, ConflictError } from '../../platform/errors';
import type { Principal } from '../../platform/http/principal';
import type { Logger } from '../../platform/logger';
import { findManagedSubUser } from '../sub-user-scope';
import { runBulkMailWorker } from './bulk-mail-sender';

/** How long a request may take to write a job's recipients and open it; a queued job left longer was interrupted. */
const QUEUING_GRACE_MS = 2 * 60_000;

/** Reads of the hierarchy rule in flight at once while checking chosen ids. */
const SCOPE_CHECKS_AT_ONCE = 25;

export interface QueuedBulkMail {
  job_id: string;
  recipients: number;
  status: 'queued' | 'sending' | 'done';
}

/** The caller's daily cap: the broker panel mails the whole franchise, so it has the larger one. */
export function dailyCapOf(principal: Principal): number {
  return principal.roles.is_brokerpanel ? BULK_MAIL_DAILY_CAP_BROKER_PANEL : BULK_MAIL_DAILY_CAP;
}

/** The job's id: the same caller and idempotency key always name the same job. */
export function jobIdOf(principal: Pick<Principal, 'frchId' | 'userId'>, idempotencyKey: string): string {
  return createHash('sha256').update(`${principal.frchId}:${principal.userId}:${idempotencyKey}`).digest('base64url').slice(0, 32);
}

/**
 * Queues a mailing: the recipients are resolved by the hierarchy rule (every chosen id through
 * `findManagedSubUser`, so one unmanaged id is a 404 before anything is written; `all` is every active user
 * the caller manages), counted against the caller's Asia/Kolkata day, written as pending, and the job is
 * opened for the workers and a worker is started for it at once (the one-minute schedule carries on
 * whatever that run leaves). The same idempotency key again answers the first job.
 */
export async function queueBulkMail(principal: Principal, request: SendBulkMailsRequest, log: Logger): Promise<QueuedBulkMail> {
  const jobId = jobIdOf(principal, request.idempotency_key);
  const existing = await getJob(jobId);
  if (existing) return resumed(principal, request, existing, log);

  const users = await resolveRecipients(principal, request.recipients);
  if (users.length === 0) throw new BusinessRuleError('You have no active sub-users to mail.');
  const cap = dailyCapOf(principal);
  const at = now();
  const created = await createJob(
    {
      job_id: jobId,
      frch_id: principal.frchId,
      owner_user_id: principal.userId,
      subject: request.subject,
      body: request.body,
      format: request.format,
      recipients: users.length,
      created_at: at.toISOString(),
    },
    tradingDay(at),
    cap,
    at,
  );
  if (created.kind === 'over-cap') {
    throw new BusinessRuleError(
      `This mailing has ${users.length.toLocaleString('en-IN')} recipients, but you can mail only ${created.left.toLocaleString('en-IN')} more today (a limit of ${cap.toLocaleString('en-IN')} a day).`,
    );
  }
  if (created.kind === 'exists') {
    const job = await getJob(jobId);
    return { job_id: jobId, recipients: job?.recipients ?? users.length, status: job?.status ?? 'queued' };
  }
  await putRecipients(jobId, users, at);
  await openJob(jobId, principal.frchId);
  startWorker(jobId, principal.frchId, log);
  return { job_id: jobId, recipients: users.length, status: 'queued' };
}

/** A worker for the job at once (the one-minute schedule carries on whatever this run leaves). */
function startWorker(jobId: string, frchId: number, log: Logger): void {
  void runBulkMailWorker({ log, jobs: [{ job_id: jobId, frch_id: frchId }] }).catch((error: unknown) =>
    log.error('bulk mail worker failed after queuing', { job_id: jobId, error: error instanceof Error ? error.message : String(error) }),
  );
}

/**
 * The same key again: the job's state. A job still `queued`, not open to the workers and older than the
 * grace was left midway by the request that created it (a process that stopped after writing the job): its recipients
 * are written now, each only if absent, and it is opened — so a retry finishes what the first request began.
 */
async function resumed(principal: Principal, request: SendBulkMailsRequest, job: BulkMailJobItem, log: Logger): Promise<QueuedBulkMail> {
  const answer: QueuedBulkMail = { job_id: job.job_id, recipients: job.recipients, status: job.status };
  // A job younger than the grace may still be being queued by its first request (its batch writes are
  // unconditional): only a job left longer than that is taken over.
  const leftMidway = job.status === 'queued' && now().getTime() - Date.parse(job.created_at) > QUEUING_GRACE_MS;
  if (!leftMidway || (await isJobOpen(job.job_id))) return answer;
  const users = await resolveRecipients(principal, request.recipients);
  if (users.length !== job.recipients) throw new ConflictError('This idempotency key was used for another mailing.');
  await putMissingRecipients(job.job_id, users, now());
  await openJob(job.job_id, principal.frchId);
  startWorker(job.job_id, principal.frchId, log);
  return answer;
}

async function resolveRecipients(principal: Principal, recipients: BulkMailRecipients): Promise<NewRecipient[]> {
  if ('all' in recipients) {
    const users = principal.roles.is_brokerpanel ? await listFranchiseUsers(principal.frchId) : await listSubUsersOfParent(principal.frchId, principal.userId);
    return users.filter((user) => user.user_id !== principal.userId && user.profile_status === 'active').map(asRecipient);
  }
  const ids = [...new Set(recipients.sub_user_ids)];
  const users: UserItem[] = [];
  for (let start = 0; start < ids.length; start += SCOPE_CHECKS_AT_ONCE) {
    users.push(...(await Promise.all(ids.slice(start, start + SCOPE_CHECKS_AT_ONCE).map((id) => findManagedSubUser(principal, id)))));
  }
  return users.map(asRecipient);
}

function asRecipient(user: UserItem): NewRecipient {
  return { user_id: user.user_id, email: user.email, first_name: user.first_name };
}
