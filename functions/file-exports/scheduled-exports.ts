import { formatDay, marketClockParts, marketDayOf } from '../../shared/domain/market-clock';
import { claimScheduledNight, listExportDayStates } from '../data/file-exports/ftp-export-repository';
import { config } from '../platform/config';
import type { Logger } from '../platform/logger';
import { readConfigFields } from '../panel-configs/read-panel-configs';
import { runFtpExport, SCHEDULED_EXPORT_POLICY, type ExportPolicy } from './run-export';

/** The nightly export starts at 01:00 Asia/Kolkata (the schedule ticks every half hour; the first tick after it runs). */
export const NIGHTLY_EXPORT_HOUR = 1;
/** A failed day is tried again on each of the following nights, for this many days. */
export const EXPORT_RETRY_DAYS = 7;

/** Every franchise this deployment serves: the default one and those its host names map to. */
export function servedFranchiseIds(): number[] {
  const { defaultFranchiseId, franchiseHosts } = config();
  return [...new Set([defaultFranchiseId, ...Object.values(franchiseHosts)])].sort((a, b) => a - b);
}

export interface ScheduledExportSummary {
  readonly franchises: number;
  readonly runs: number;
  readonly failed: number;
}

/**
 * One tick of the nightly schedule: from 01:00 Asia/Kolkata, each franchise with the schedule on sends
 * yesterday's export once, and tries again each failed day of the last week once a night. A day is
 * claimed for the night before it runs, so overlapping ticks never send it twice.
 */
export async function runScheduledExports(frchIds: readonly number[], now: Date, log: Logger, policy: ExportPolicy = SCHEDULED_EXPORT_POLICY): Promise<ScheduledExportSummary> {
  const parts = marketClockParts(now);
  const summary = { franchises: 0, runs: 0, failed: 0 };
  if (!parts || Number(parts.hour) < NIGHTLY_EXPORT_HOUR) return summary;
  const today = marketDayOf(now);
  const night = formatDay(today);
  const yesterday = formatDay(today - 1);
  for (const frchId of frchIds) {
    try {
      const fields = await readConfigFields(frchId, 'FTP_CONFIG');
      if (!fields?.schedule_enabled) continue;
      summary.franchises += 1;
      const states = new Map((await listExportDayStates(frchId, formatDay(today - EXPORT_RETRY_DAYS), yesterday)).map((state) => [state.day, state]));
      // Failed days (and days whose run stopped before its outcome was written), and yesterday when not yet sent.
      const unsent = [...states.values()].filter((state) => state.status !== 'succeeded').map((state) => state.day);
      const due = [...new Set([...unsent, ...(states.has(yesterday) ? [] : [yesterday])])].sort();
      for (const day of due) {
        if (!(await claimScheduledNight(frchId, day, night, now.toISOString()))) continue;
        const run = await runFtpExport(frchId, day, { kind: 'schedule', night }, policy, log);
        summary.runs += 1;
        if (run.status === 'failed') summary.failed += 1;
      }
    } catch (error) {
      log.error('scheduled file export failed', { frchId, error });
    }
  }
  return summary;
}
