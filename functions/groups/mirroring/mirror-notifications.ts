import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import { notifyUser } from '../../notifications/notify-user';
import type { MirrorContext } from './mirror-context';

/** Shown with the generic icon (spec §3 lists the types it has icons for). */
export const MIRROR_NOTIFICATION_TYPE = 'Group Mirroring';

/**
 * Tells the user a master order was not copied (the mirror record keeps the same reason). The record
 * is written first and decides who tells, so a failure is told once; a failed notification is logged.
 */
export async function notifyNotCopied(context: MirrorContext, row: Pick<BrokerOrder, 'brokerOrderId' | 'tradingSymbol'>, reason: string): Promise<void> {
  const message = `${context.group.grp_name}: the master's order ${row.brokerOrderId} (${row.tradingSymbol}) was not copied to the children. ${reason}`;
  try {
    await notifyUser(context.owner.frchId, context.owner.userId, { notifyType: MIRROR_NOTIFICATION_TYPE, message }, context.log);
  } catch (error) {
    context.log.warn('mirror notification not stored', { grpId: context.group.grp_id, error });
  }
}
