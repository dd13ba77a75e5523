import { nextIpChangeAt, type StaticIp } from '../../shared/contracts/ips';
import { listBrokerAccounts } from '../data/broker-accounts-repository';
import { getSlot, listSlotsHeldBy, listSlotsOwnedBy, slotWriteItem, type IpSlotItem } from '../data/static-ips/static-ips-repository';
import { transactIfConditionsHold } from '../data/table';
import type { UserItem } from '../data/user-item';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { findManagedSubUser } from '../sub-users/sub-user-scope';
import { unbindAllItems } from './ip-binding-plan';
import { dayText, IP_CHANGED_MESSAGE, IP_NOT_FOUND_MESSAGE, NOTIFY_TYPE } from './ip-terms';
import { viewOfSlot, viewsOfSlots } from './ip-views';

export const ALREADY_ALLOCATED_MESSAGE = 'This IP is allocated to a sub-user. An IP has one holder at a time: take it back first.';
export const NOT_ALLOCATED_MESSAGE = 'This IP is not allocated to this sub-user.';

function refuseEarlyHolderChange(slot: IpSlotItem, now: Date): void {
  const next = nextIpChangeAt(slot.holder_changed_at, now.getTime());
  if (next) throw new ConflictError(`This IP changed hands less than 7 days ago; it may change again on ${dayText(next)} (${next}).`);
}

/**
 * Moves the holder of one of the caller's own IPs (the caller ↔ its sub-user), exclusively: the previous
 * holder's accounts stop using it in the same transaction. The owner's decision overrides those accounts'
 * 7-day rule (an unbind leaves them without an IP, it does not register another); the holder itself
 * changes at most once per 7 days.
 */
async function changeHolder(slot: IpSlotItem, nextHolder: number, log: Logger, message: string): Promise<StaticIp> {
  const now = clockNow();
  refuseEarlyHolderChange(slot, now);
  const previousAccounts = await listBrokerAccounts({ frchId: slot.frch_id, userId: slot.holder_user_id ?? 0 });
  const next = { ...slot, holder_user_id: nextHolder, holder_changed_at: now.toISOString(), account_ids: [] };
  if (!(await transactIfConditionsHold([slotWriteItem(slot, next, now), ...unbindAllItems(slot, previousAccounts, now)]))) throw new ConflictError(IP_CHANGED_MESSAGE);
  const told = [slot.holder_user_id ?? 0, nextHolder].filter((id) => id !== slot.owner_user_id);
  for (const userId of told) {
    await notifyUser(slot.frch_id, userId, { notifyType: NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('static IP notification not stored', { error }));
  }
  const stored = await getSlot(slot.frch_id, slot.ip_id);
  if (!stored) throw new NotFoundError(IP_NOT_FOUND_MESSAGE);
  return viewOfSlot(stored);
}

async function ownedSlot(principal: Principal, ipId: string): Promise<IpSlotItem> {
  const slot = await getSlot(principal.frchId, ipId);
  if (!slot || slot.state !== 'assigned' || slot.owner_user_id !== principal.userId) throw new NotFoundError(IP_NOT_FOUND_MESSAGE);
  return slot;
}

/** `allocateiptosubuser`: one of the caller's own IPs, held by the caller, to a sub-user it manages (404 otherwise). */
export async function allocateIpToSubUser(principal: Principal, ipId: string, subUserId: number, log: Logger): Promise<StaticIp> {
  const subUser = await findManagedSubUser(principal, subUserId);
  const slot = await ownedSlot(principal, ipId);
  if (slot.holder_user_id !== principal.userId) throw new ConflictError(ALREADY_ALLOCATED_MESSAGE);
  return changeHolder(slot, subUser.user_id, log, `Your account manager allocated the static IP ${slot.address} to you. Choose the broker accounts that use it on the Static IP page.`);
}

/** `disallocateipfromsubuser`: takes one of the caller's IPs back from the managed sub-user that holds it. */
export async function disallocateIpFromSubUser(principal: Principal, ipId: string, subUserId: number, log: Logger): Promise<StaticIp> {
  const subUser = await findManagedSubUser(principal, subUserId);
  const slot = await ownedSlot(principal, ipId);
  if (slot.holder_user_id !== subUser.user_id) throw new ConflictError(NOT_ALLOCATED_MESSAGE);
  return changeHolder(slot, principal.userId, log, `Your account manager took back the static IP ${slot.address}. Your accounts that used it now send their orders without a static IP.`);
}

/** `getsubuserip`: what a managed sub-user holds, and which of the caller's own IPs it could be given. */
export async function subUserIps(principal: Principal, subUserId: number): Promise<{ items: StaticIp[]; allocatable: StaticIp[] }> {
  const subUser: UserItem = await findManagedSubUser(principal, subUserId);
  const [held, owned] = await Promise.all([listSlotsHeldBy(principal.frchId, subUser.user_id), listSlotsOwnedBy(principal.frchId, principal.userId)]);
  const allocatable = owned.filter((slot) => slot.holder_user_id === principal.userId);
  const [items, free] = await Promise.all([viewsOfSlots(held), viewsOfSlots(allocatable)]);
  return { items, allocatable: free };
}
