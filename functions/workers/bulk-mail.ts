import { config } from '../platform/config';
import { createLogger } from '../platform/logger';
import { runBulkMailWorker, type BulkMailRunSummary } from '../sub-users/bulk-mail/bulk-mail-sender';

/**
 * The bulk-mail schedule (every minute): sends what open mailings still have pending, in batches and at
 * each franchise's rate, for up to ~50 s. Queuing a mailing also starts a run for it at once; this
 * schedule carries on a mailing that run could not finish (a large one, or a stopped process).
 */
export async function handler(): Promise<BulkMailRunSummary> {
  const log = createLogger({ worker: 'bulk-mail' }, config().logLevel);
  const summary = await runBulkMailWorker({ log });
  if (summary.sent + summary.failed > 0) log.info('bulk mails sent', { ...summary });
  return summary;
}
