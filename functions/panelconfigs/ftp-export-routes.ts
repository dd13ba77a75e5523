import { ftpContracts } from '../../shared/contracts/ftp';
import { formatDay, marketDayOf, parseDay } from '../../shared/domain/market-clock';
import { listExportRuns } from '../data/file-exports/ftp-export-repository';
import { displayDay } from '../file-exports/export-alerts';
import { MANUAL_EXPORT_POLICY, runFtpExport } from '../file-exports/run-export';
import { testFtpConnection } from '../file-exports/test-connection';
import { now as clockNow } from '../platform/clock';
import { ValidationError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';

/** How far back "Send now" may export. */
const MAX_DAYS_BACK = 93;

/** Extension `POST testftpconnection`: connects and answers the server's own error text on failure. */
export const testFtpConnectionRoute = defineRoute(ftpContracts.testFtpConnection, async ({ body, principal }) => {
  const result = await testFtpConnection(principal.frchId, body.config);
  return { data: result, message: result.connected ? 'Connected to the server' : `Could not connect: ${result.error ?? ''}`, activityNote: result.connected ? 'connected' : 'failed' };
});

/** Extension `POST sendftpexportnow`: one day's export now (default today), recorded like the nightly one. */
export const sendFtpExportNowRoute = defineRoute(ftpContracts.sendFtpExportNow, async ({ body, principal, scope }) => {
  const today = marketDayOf(clockNow());
  const day = body.day ?? formatDay(today);
  const number = parseDay(day);
  const refuse = (message: string) => new ValidationError([{ path: 'day', message }], message);
  if (number === null) throw refuse('Enter a real date as yyyy-mm-dd.');
  if (number > today) throw refuse('The day is in the future.');
  if (number < today - MAX_DAYS_BACK) throw refuse(`Choose a day of the last ${MAX_DAYS_BACK} days.`);
  const run = await runFtpExport(principal.frchId, day, { kind: 'manual', userId: principal.userId }, MANUAL_EXPORT_POLICY, scope.log);
  const message = run.status === 'succeeded' ? `Export of ${displayDay(day)} sent` : `Export of ${displayDay(day)} failed: ${run.error ?? ''}`;
  return { data: run, message, activityNote: `${day} (${run.status})` };
});

/** Extension `GET getftpexports`: the franchise's export runs, newest first. */
export const getFtpExportsRoute = defineRoute(ftpContracts.getFtpExports, async ({ body, principal }) => {
  return { data: { items: await listExportRuns(principal.frchId, body.limit) }, message: 'File exports fetched' };
});
