import { runScheduledExports, servedFranchiseIds, type ScheduledExportSummary } from '../file-exports/scheduled-exports';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';

/**
 * The nightly file export (half-hourly ticks; from 01:00 Asia/Kolkata): each franchise with FTP_CONFIG's
 * schedule on sends yesterday's orders, wallet ledger and payments to its server, and tries failed days
 * of the last week again once a night (functions/file-exports/scheduled-exports.ts).
 */
export async function handler(): Promise<ScheduledExportSummary> {
  const log = createLogger({ worker: 'ftp-export' }, config().logLevel);
  const summary = await runScheduledExports(servedFranchiseIds(), clockNow(), log);
  if (summary.runs > 0) log.info('file exports sent', { ...summary });
  return summary;
}
