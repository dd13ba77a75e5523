import type { BrokerAccountItem, AccountOwner } from '../../data/broker-accounts-repository';
import type { Logger } from '../../platform/logger';
import { notifyUser } from '../../notifications/notify-user';
import { publishAlert } from '../../notifications/publish-alert';
import { combinedNameOf } from './account-view';

/** Spec §3 notification types; an ended session uses its own type (shown with the generic icon). */
export const BROKER_NOTIFICATION_TYPES = {
  connected: 'Broker Connected',
  removed: 'Broker Removed',
  expired: 'Broker Expired',
} as const;

/** Notifications follow a change that has already happened: a failure is logged, never thrown. */
async function tell(owner: AccountOwner, notifyType: string, message: string, log: Logger): Promise<void> {
  try {
    await notifyUser(owner.frchId, owner.userId, { notifyType, message }, log);
  } catch (error) {
    log.warn('broker notification not stored', { notifyType, error });
  }
}

export function notifyConnected(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<void> {
  return tell(owner, BROKER_NOTIFICATION_TYPES.connected, `${combinedNameOf(account)} is connected.`, log);
}

export function notifyRemoved(owner: AccountOwner, account: BrokerAccountItem, refundedCredits: number, log: Logger): Promise<void> {
  const refund = refundedCredits > 0 ? ` ${refundedCredits} credits were refunded to your wallet.` : '';
  return tell(owner, BROKER_NOTIFICATION_TYPES.removed, `${combinedNameOf(account)} was removed.${refund}`, log);
}

export async function notifyExpired(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<void> {
  await tell(owner, BROKER_NOTIFICATION_TYPES.expired, `The session of ${combinedNameOf(account)} has ended. Log in to the broker again to keep trading.`, log);
  await publishAlert(owner, { kind: 'session-expired', account: combinedNameOf(account) }, log);
}
