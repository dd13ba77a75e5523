import { nextIpChangeAt } from '../../shared/contracts/ips';
import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import { accountEgressItem, getSlot, slotWriteItem, type IpSlotFields, type IpSlotItem } from '../data/static-ips/static-ips-repository';
import type { TransactItem } from '../data/table';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../broker-accounts/accounts/owned-account';
import { ConflictError, NotFoundError } from '../platform/errors';
import { dayText } from './ip-terms';
import { egressOf } from './ip-registration';

/** The writes of one binding change, and the accounts that start using the slot (to register with their brokers). */
export interface BindingPlan {
  /** The other slots' writes (accounts moved away from them) and every account's egress; the slot's own write is the caller's. */
  readonly items: readonly TransactItem[];
  readonly newlyBound: readonly BrokerAccountItem[];
}

/**
 * Why an account may not change its IP now: brokers allow one change per 7 days. A change forced by the
 * owner (allocation away, removal, expiry) only unbinds and is never blocked (the account then has no IP,
 * which the broker does not count as a registration change on our side).
 */
function refuseEarlyChange(account: BrokerAccountItem, now: Date): void {
  const next = nextIpChangeAt(account.egress_changed_at, now.getTime());
  if (next) throw new ConflictError(`The IP of ${combinedNameOf(account)} changed less than 7 days ago; it may change again on ${dayText(next)} (${next}).`);
}

/**
 * Plans binding `slot` (its next fields in `next`) to exactly `wantedIds` of the holder's accounts:
 * accounts added get the slot's egress, accounts dropped lose theirs, and an added account that used
 * another slot is taken off that slot's list (its write conditioned on its version too). Another user's
 * or a removed account is "not found". Each account whose IP changes must not have changed in 7 days.
 */
export async function planBinding(
  slot: IpSlotItem,
  next: IpSlotFields,
  holderAccounts: readonly BrokerAccountItem[],
  wantedIds: readonly string[],
  now: Date,
): Promise<BindingPlan> {
  const byId = new Map(holderAccounts.map((account) => [account.broker_id, account]));
  const wanted = [...new Set(wantedIds)].map((id) => {
    const account = byId.get(id);
    if (!account || account.status === 'deleted') throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
    return account;
  });
  const current = new Set(slot.account_ids);
  const added = wanted.filter((account) => !current.has(account.broker_id));
  const dropped = [...current].filter((id) => !wanted.some((account) => account.broker_id === id)).flatMap((id) => byId.get(id) ?? []);
  // A removed account trades no more: dropping it from the list changes nothing at its broker.
  for (const account of [...added, ...dropped.filter((gone) => gone.status !== 'deleted')]) refuseEarlyChange(account, now);

  const items: TransactItem[] = [];
  const otherSlots = new Map<string, IpSlotItem>();
  for (const account of added) {
    const previous = account.egress?.ip_id;
    if (!previous || previous === slot.ip_id || otherSlots.has(previous)) continue;
    const other = await getSlot(slot.frch_id, previous);
    if (other) otherSlots.set(previous, other);
  }
  for (const other of otherSlots.values()) {
    const moving = new Set(added.map((account) => account.broker_id));
    items.push(slotWriteItem(other, { ...other, account_ids: other.account_ids.filter((id) => !moving.has(id)) }, now));
  }
  for (const account of added) items.push(accountEgressItem(account, egressOf(next, account), now));
  for (const account of dropped) items.push(accountEgressItem(account, null, now));
  return { items, newlyBound: added };
}

/**
 * The writes that take every account off a slot the holder is losing (allocation away, removal, expiry):
 * forced by the owner or the calendar, so the 7-day rule does not hold them back.
 */
export function unbindAllItems(slot: IpSlotItem, holderAccounts: readonly BrokerAccountItem[], now: Date): TransactItem[] {
  const byId = new Map(holderAccounts.map((account) => [account.broker_id, account]));
  return slot.account_ids.flatMap((id) => {
    const account = byId.get(id);
    // An account that no longer names this slot (or is gone) keeps what it has.
    return account && account.egress?.ip_id === slot.ip_id ? [accountEgressItem(account, null, now)] : [];
  });
}
