import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import type { FtpExportRun } from '../../shared/contracts/ftp';
import { parseDay, startOfMarketDay } from '../../shared/domain/market-clock';
import { putExportRun, recordExportDay } from '../data/file-exports/ftp-export-repository';
import { now as clockNow } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { notifyExportFailed } from './export-alerts';
import { buildExportFiles, type ExportFile } from './export-files';
import { remoteSettingsOf } from './ftp-settings';
import { openRemoteFolder, RemoteServerError, type RemoteSettings } from './remote-server';

/** How hard one run tries: attempts, the waits between them, and each connection's timeout. */
export interface ExportPolicy {
  readonly attempts: number;
  readonly backoffMs: readonly number[];
  readonly timeoutMs: number;
}

/** "Send now" answers within the API's 10 s: three quick attempts. */
export const MANUAL_EXPORT_POLICY: ExportPolicy = { attempts: 3, backoffMs: [400, 1200], timeoutMs: 2500 };
/** The nightly run has time: three attempts over about half a minute, patient connections. */
export const SCHEDULED_EXPORT_POLICY: ExportPolicy = { attempts: 3, backoffMs: [5000, 20_000], timeoutMs: 15_000 };

export type ExportTrigger = { readonly kind: 'manual'; readonly userId: number } | { readonly kind: 'schedule'; readonly night: string };

export const EXPORT_READ_FAILED_MESSAGE = "The day's data could not be read; try again later.";
export const EXPORT_STOPPED_MESSAGE = 'The export stopped unexpectedly; try again later.';

/** Whether a run started at `startedIso` came after the Asia/Kolkata day ended. */
function coversWholeDay(day: string, startedIso: string): boolean {
  const number = parseDay(day);
  return number !== null && Date.parse(startedIso) >= startOfMarketDay(number + 1).getTime();
}

async function sendFiles(settings: RemoteSettings, files: readonly ExportFile[], timeoutMs: number): Promise<void> {
  const folder = await openRemoteFolder(settings, timeoutMs);
  try {
    for (const file of files) await folder.upload(file.name, file.content);
  } finally {
    await folder.close();
  }
}

/**
 * One run of a franchise's export of one Asia/Kolkata day: recorded as running, the three files built,
 * sent with up to `attempts` tries (waiting between them), then recorded with its outcome, the files and
 * their row counts and the server's last error; for a run after the day ended, the day's state follows
 * (the schedule tries a failed day again the next night). A failure tells the broker-panel users. Sending the same day again replaces
 * the files of that day (same names).
 */
export async function runFtpExport(frchId: number, day: string, trigger: ExportTrigger, policy: ExportPolicy, log: Logger): Promise<FtpExportRun> {
  const outcome = await remoteSettingsOf(frchId);
  const settings = outcome.ok ? outcome.settings : null;
  const started: FtpExportRun = {
    run_id: ulid(clockNow().getTime()),
    day,
    trigger: trigger.kind,
    status: 'running',
    protocol: settings?.protocol ?? '',
    host: settings?.host ?? '',
    remote_folder: settings?.remoteFolder ?? '',
    started_at: clockNow().toISOString(),
    finished_at: null,
    attempts: 0,
    files: [],
    error: null,
    requested_by: trigger.kind === 'manual' ? trigger.userId : null,
  };
  await putExportRun(frchId, started);
  let run: FtpExportRun = started;
  if (!outcome.ok) run = { ...run, error: outcome.reason };
  else {
    let files: ExportFile[] | null = null;
    try {
      files = await buildExportFiles(frchId, day);
    } catch (error) {
      log.error('file export data not read', { frchId, day, error });
      run = { ...run, error: EXPORT_READ_FAILED_MESSAGE };
    }
    if (files && settings) {
      run = { ...run, files: files.map((file) => ({ name: file.name, rows: file.rows, bytes: Buffer.byteLength(file.content, 'utf8') })) };
      for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
        if (attempt > 1) await sleep(policy.backoffMs[attempt - 2] ?? policy.backoffMs.at(-1) ?? 0);
        run = { ...run, attempts: attempt };
        try {
          await sendFiles(settings, files, policy.timeoutMs);
          run = { ...run, error: null };
          break;
        } catch (error) {
          if (!(error instanceof RemoteServerError)) {
            log.error('file export stopped', { frchId, day, error });
            run = { ...run, error: EXPORT_STOPPED_MESSAGE };
            break;
          }
          run = { ...run, error: error.message };
          log.warn('file export attempt failed', { frchId, day, attempt, error: error.message });
        }
      }
    }
  }
  const finished: FtpExportRun = { ...run, status: run.error === null ? 'succeeded' : 'failed', finished_at: clockNow().toISOString() };
  await putExportRun(frchId, finished);
  // Only a run made after the day ended sent the whole day: a "Send now" during the day leaves the night's export to do.
  if (trigger.kind === 'schedule' || coversWholeDay(day, started.started_at)) {
    await recordExportDay(frchId, {
      day,
      status: finished.status === 'succeeded' ? 'succeeded' : 'failed',
      scheduled_night: trigger.kind === 'schedule' ? trigger.night : null,
      last_run_id: finished.run_id,
      updatedAt: finished.finished_at ?? finished.started_at,
    });
  }
  if (finished.status === 'failed') await notifyExportFailed(frchId, day, finished.host, finished.error ?? '', log);
  return finished;
}
