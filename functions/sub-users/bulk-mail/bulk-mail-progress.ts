import type { z } from 'zod';
import type { BulkMailJobSummary, BulkMailRecipientOutcome, bulkMailContracts } from '../../../shared/contracts/bulk-mail';
import { getJob, listOwnerJobs, type BulkMailJobItem } from '../../data/bulk-mail/bulk-mail-jobs-repository';
import { listRecipients, type BulkMailRecipientItem } from '../../data/bulk-mail/bulk-mail-recipients-repository';
import { NotFoundError } from '../../platform/errors';
import type { Principal } from '../../platform/http/principal';

type JobQuery = z.infer<typeof bulkMailContracts.getBulkMailJob.request>;

export const BULK_MAIL_JOB_NOT_FOUND = 'Mailing not found';

function toSummary(job: BulkMailJobItem): BulkMailJobSummary {
  const sent = Math.min(job.sent, job.recipients);
  const failed = Math.min(job.failed, job.recipients - sent);
  return {
    job_id: job.job_id,
    subject: job.subject,
    status: job.status,
    recipients: job.recipients,
    sent,
    failed,
    pending: job.recipients - sent - failed,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
  };
}

/** A recipient a worker holds right now is still pending for the parent: its outcome is not known yet. */
function toOutcome(recipient: BulkMailRecipientItem): BulkMailRecipientOutcome {
  return {
    user_id: recipient.user_id,
    email: recipient.email,
    status: recipient.status === 'sending' ? 'pending' : recipient.status,
    error: recipient.error,
    updated_at: recipient.updated_at,
  };
}

/** One of the caller's own mailings with a page of outcomes; anyone else's is "not found". */
export async function readBulkMailJob(principal: Principal, query: JobQuery) {
  const job = await getJob(query.job_id);
  if (!job || job.frch_id !== principal.frchId || job.owner_user_id !== principal.userId) throw new NotFoundError(BULK_MAIL_JOB_NOT_FOUND);
  const page = await listRecipients(job.job_id, { onlyFailed: query.only_failed, limit: query.limit, cursor: query.cursor });
  return { job: toSummary(job), outcomes: page.items.map(toOutcome), next_cursor: page.nextCursor };
}

/** The caller's latest mailings, newest first. */
export async function listBulkMailJobs(principal: Principal, limit: number): Promise<{ jobs: BulkMailJobSummary[] }> {
  return { jobs: (await listOwnerJobs(principal.frchId, principal.userId, limit)).map(toSummary) };
}
