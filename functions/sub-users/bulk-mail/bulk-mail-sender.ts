import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeJob, countOutcome, finishJob, getJob, listOpenJobs, markJobStarted, type BulkMailJobItem } from '../../data/bulk-mail/bulk-mail-jobs-repository';
import { claimRecipient, countRecipientsByStatus, finishRecipient, listPendingRecipientIds, listStaleClaims } from '../../data/bulk-mail/bulk-mail-recipients-repository';
import { sendFranchiseMail } from '../../mail/franchise-mailer';
import { now } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { SmtpRefusedError } from '../../platform/mail/smtp-mailer';
import { shutdownSignal } from '../../platform/shutdown';
import { bulkMailMessage } from './bulk-mail-message';

/** Recipients taken per round: small enough that a run stopping mid-way leaves little claimed. */
export const BULK_MAIL_BATCH = 50;
/** Mails in flight at once per franchise (one SMTP connection each). */
export const BULK_MAIL_PARALLEL = 5;
/**
 * Mails per second per franchise: within what hosted SMTP relays commonly allow one account (10–30/s), so a
 * mailing does not get the franchise's account throttled or flagged. Franchises without their own server
 * share the platform's SES sending rate (14/s on a new account): raise that quota before they mail in bulk.
 */
export const BULK_MAIL_PER_SECOND = 25;
/** A claim older than this belongs to a worker that stopped mid-mail; the recipient is failed, never mailed again. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** A run ends before the next one-minute schedule starts. */
export const BULK_MAIL_RUN_MS = 50_000;

export const INTERRUPTED_ERROR = 'The sending stopped midway; this mail may not have arrived.';

export interface BulkMailRun {
  readonly log: Logger;
  readonly runForMs?: number;
  /** Only these jobs (the kick right after queuing); default every open job. */
  readonly jobs?: readonly { job_id: string; frch_id: number }[];
}

export interface BulkMailRunSummary {
  sent: number;
  failed: number;
  jobsDone: number;
}

/**
 * Sends open mailings: franchises side by side, each franchise's jobs one after the other at its own rate.
 * Every recipient is claimed (pending → sending) before its mail and then recorded sent or failed by the
 * claim's holder, so two workers never mail the same sub-user twice; a crash leaves at most a stale claim,
 * which is failed with a reason rather than mailed again.
 */
export async function runBulkMailWorker(run: BulkMailRun): Promise<BulkMailRunSummary> {
  const deadline = performance.now() + (run.runForMs ?? BULK_MAIL_RUN_MS);
  const jobs = run.jobs ?? (await listOpenJobs());
  const byFranchise = new Map<number, string[]>();
  for (const job of jobs) byFranchise.set(job.frch_id, [...(byFranchise.get(job.frch_id) ?? []), job.job_id]);
  const summary: BulkMailRunSummary = { sent: 0, failed: 0, jobsDone: 0 };
  await Promise.all(
    [...byFranchise.values()].map(async (jobIds) => {
      for (const jobId of jobIds) {
        if (performance.now() >= deadline) return;
        await drainJob(jobId, deadline, summary, run.log);
      }
    }),
  );
  return summary;
}

async function drainJob(jobId: string, deadline: number, summary: BulkMailRunSummary, log: Logger): Promise<void> {
  const job = await getJob(jobId);
  if (!job || job.status === 'done') {
    await closeJob(jobId);
    return;
  }
  const stopping = shutdownSignal();
  let started = job.status !== 'queued';
  while (performance.now() < deadline && !stopping.aborted) {
    const ids = await listPendingRecipientIds(jobId, BULK_MAIL_BATCH);
    if (ids.length === 0) {
      if (await finishIfComplete(job)) summary.jobsDone += 1;
      return;
    }
    if (!started) {
      await markJobStarted(jobId, now());
      started = true;
    }
    for (let start = 0; start < ids.length && performance.now() < deadline && !stopping.aborted; start += BULK_MAIL_PARALLEL) {
      const group = ids.slice(start, start + BULK_MAIL_PARALLEL);
      const groupStarted = performance.now();
      const outcomes = await Promise.all(group.map((userId) => sendToRecipient(job, userId, log)));
      for (const outcome of outcomes) if (outcome) summary[outcome] += 1;
      const pacedUntil = groupStarted + (group.length * 1000) / BULK_MAIL_PER_SECOND;
      await sleep(Math.max(0, pacedUntil - performance.now()), undefined, { signal: stopping }).catch(() => undefined);
    }
  }
}

/** Claims, mails and records one recipient; null when another worker had already claimed it. */
async function sendToRecipient(job: BulkMailJobItem, userId: number, log: Logger): Promise<'sent' | 'failed' | null> {
  const claim = randomUUID();
  const recipient = await claimRecipient(job.job_id, userId, claim, now());
  if (!recipient) return null;
  let error: string | null = null;
  try {
    await sendFranchiseMail(job.frch_id, bulkMailMessage(job, recipient.email), log);
  } catch (cause) {
    error = failureText(cause);
    log.warn('bulk mail not delivered', { job_id: job.job_id, user_id: userId, error });
  }
  const outcome = error === null ? 'sent' : 'failed';
  if (!(await finishRecipient(job.job_id, userId, claim, outcome, error, now()))) return null;
  await countOutcome(job.job_id, outcome);
  return outcome;
}

function failureText(cause: unknown): string {
  if (cause instanceof SmtpRefusedError) return cause.serverText;
  return cause instanceof Error && cause.message ? cause.message.slice(0, 500) : 'The mail could not be sent.';
}

/** Nothing pending: stale claims are failed, and once nothing is in flight the job is done with its exact counts. */
async function finishIfComplete(job: BulkMailJobItem): Promise<boolean> {
  for (const stale of await listStaleClaims(job.job_id, new Date(now().getTime() - STALE_CLAIM_MS))) {
    if (stale.claim && (await finishRecipient(job.job_id, stale.user_id, stale.claim, 'failed', INTERRUPTED_ERROR, now()))) await countOutcome(job.job_id, 'failed');
  }
  const counts = await countRecipientsByStatus(job.job_id);
  if (counts.pending > 0 || counts.sending > 0) return false;
  await finishJob(job.job_id, { sent: counts.sent, failed: counts.failed }, now());
  return true;
}
