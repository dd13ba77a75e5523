import { listBrokerPanelAdmins } from '../data/broker-panel-admins';
import type { Logger } from '../platform/logger';
import { notifyUser } from '../notifications/notify-user';

/** Spec §3 lists no file-transfer type; like other new types it shows with the generic icon. */
export const FILE_EXPORT_NOTIFICATION_TYPE = 'File Export';

/** yyyy-MM-dd → dd-MM-yyyy (spec §9). */
export const displayDay = (day: string) => day.split('-').reverse().join('-');

/**
 * Tells the franchise's broker-panel users that a day's export failed, with the server's words. Never
 * throws: the run is already recorded; a failure here is logged.
 */
export async function notifyExportFailed(frchId: number, day: string, host: string, error: string, log: Logger): Promise<number> {
  const message = `The file export of ${displayDay(day)} to ${host || 'your server'} failed: ${error}`;
  let notified = 0;
  try {
    for await (const adminId of listBrokerPanelAdmins(frchId)) {
      await notifyUser(frchId, adminId, { notifyType: FILE_EXPORT_NOTIFICATION_TYPE, message }, log);
      notified += 1;
    }
  } catch (failure) {
    log.error('file export alert not sent', { frchId, day, error: failure });
  }
  return notified;
}
