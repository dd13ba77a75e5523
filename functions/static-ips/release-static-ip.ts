import { listBrokerAccounts } from '../data/broker-accounts-repository';
import { getSlot, NOBODYS_SLOT, slotWriteItem, type IpSlotFields, type IpSlotItem } from '../data/static-ips/static-ips-repository';
import { transactIfConditionsHold, type TransactItem } from '../data/table';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { unbindAllItems } from './ip-binding-plan';
import { addDays, IP_CHANGED_MESSAGE, IP_NOT_FOUND_MESSAGE, NOTIFY_TYPE, staticIpTerms } from './ip-terms';

export const ALLOCATED_REMOVE_MESSAGE = 'This IP is allocated to a sub-user. Take it back first, then remove it.';

/** The slot after release: nobody's, resting in quarantine until `quarantinedUntil` (then anyone may buy it). */
export function releasedFields(slot: IpSlotItem, quarantinedUntil: Date): IpSlotFields {
  return { ...slot, ...NOBODYS_SLOT, state: 'quarantined', quarantined_until: quarantinedUntil.toISOString(), account_ids: [] };
}

/**
 * The writes of a release, for one transaction: the slot into quarantine (if unchanged since read) and
 * every account of the holder that used it unbound.
 */
export async function releaseItems(slot: IpSlotItem, now: Date): Promise<TransactItem[]> {
  const { quarantineDays } = await staticIpTerms(slot.frch_id);
  const accounts = slot.holder_user_id === null ? [] : await listBrokerAccounts({ frchId: slot.frch_id, userId: slot.holder_user_id });
  return [slotWriteItem(slot, releasedFields(slot, addDays(now, quarantineDays)), now), ...unbindAllItems(slot, accounts, now)];
}

/**
 * `removestaticip`: the buyer gives its IP up before the end (nothing is refunded). Only the owner, and
 * not while a sub-user holds it (409: take it back first). Its accounts stop using it in the same
 * transaction, and the address rests in quarantine.
 */
export async function removeStaticIp(principal: Principal, ipId: string, log: Logger): Promise<{ ip_id: string }> {
  const slot = await getSlot(principal.frchId, ipId);
  if (!slot || slot.state !== 'assigned' || slot.owner_user_id !== principal.userId) throw new NotFoundError(IP_NOT_FOUND_MESSAGE);
  if (slot.holder_user_id !== principal.userId) throw new ConflictError(ALLOCATED_REMOVE_MESSAGE);
  const now = clockNow();
  if (!(await transactIfConditionsHold(await releaseItems(slot, now)))) throw new ConflictError(IP_CHANGED_MESSAGE);
  const message = `You removed the static IP ${slot.address}. Accounts that used it now send their orders without a static IP.`;
  await notifyUser(principal.frchId, principal.userId, { notifyType: NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('static IP notification not stored', { error }));
  return { ip_id: ipId };
}
