import { config } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import { notifyUser } from '../../notifications/notify-user';
import { listBrokerPanelAdmins } from '../../data/broker-panel-admins';

/**
 * Spec §3 lists no market-data type; like `Broker Expired`, this one is its own and shows with the
 * generic icon (borrowing `Broker Removed` would tell admins something that did not happen).
 */
export const MASTER_ALERT_TYPE = 'Instrument Master';

/** Every franchise this deployment serves: the default one and those its host names map to. */
export function configuredFranchiseIds(): number[] {
  const { defaultFranchiseId, franchiseHosts } = config();
  return [...new Set([defaultFranchiseId, ...Object.values(franchiseHosts)])].sort((a, b) => a - b);
}

/** Notifies every broker-panel admin of the franchises; one admin's failure does not stop the others. */
export async function alertBrokerPanelAdmins(franchiseIds: readonly number[], message: string, log: Logger): Promise<{ notified: number }> {
  let notified = 0;
  for (const frchId of franchiseIds) {
    for await (const userId of listBrokerPanelAdmins(frchId)) {
      try {
        await notifyUser(frchId, userId, { notifyType: MASTER_ALERT_TYPE, message }, log);
        notified += 1;
      } catch (error) {
        log.warn('instrument master alert not stored', { frchId, userId, error });
      }
    }
  }
  return { notified };
}
