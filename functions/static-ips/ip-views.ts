import { nextIpChangeAt, type StaticIp } from '../../shared/contracts/ips';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import { listBrokerAccounts } from '../data/broker-accounts-repository';
import type { IpSlotItem } from '../data/static-ips/static-ips-repository';
import type { UserItem } from '../data/user-item';
import { getUser } from '../data/users-repository';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { nowMs } from '../platform/clock';

/** Who an IP is allocated to, as the owner sees it. */
export type AllocatedTo = StaticIp['allocated_to'];

export const allocatedToOf = (user: Pick<UserItem, 'user_id' | 'first_name' | 'last_name' | 'email'>): NonNullable<AllocatedTo> => ({
  user_id: user.user_id,
  name: `${user.first_name} ${user.last_name}`.trim(),
  email: user.email,
});

/** An assigned slot as its owner or holder reads it; `accounts` are the holder's (those bound to it are shown). */
export function toStaticIp(slot: IpSlotItem, accounts: readonly BrokerAccountItem[], allocatedTo: AllocatedTo): StaticIp {
  const now = nowMs();
  const bound = accounts.filter((account) => account.status !== 'deleted' && slot.account_ids.includes(account.broker_id));
  return {
    ip_id: slot.ip_id,
    address: slot.address,
    version: slot.version,
    role: slot.role,
    label: slot.label,
    auto_renew: slot.auto_renew,
    expires_at: slot.expires_at ?? '',
    purchased_at: slot.assigned_at ?? '',
    owner_user_id: slot.owner_user_id ?? 0,
    holder_user_id: slot.holder_user_id ?? 0,
    allocated_to: allocatedTo,
    accounts: bound.map((account) => ({
      broker_id: account.broker_id,
      broker: account.broker,
      broker_combined_name: combinedNameOf(account),
      next_change_at: nextIpChangeAt(account.egress_changed_at, now),
      registration: account.egress?.ip_id === slot.ip_id ? account.egress.registration : 'register-yourself',
      registration_error: account.egress?.ip_id === slot.ip_id ? account.egress.registration_error : null,
    })),
    next_allocation_change_at: nextIpChangeAt(slot.holder_changed_at, now),
  };
}

/** One slot as a view, reading the holder's accounts and, when allocated away from the owner, the holder. */
export async function viewOfSlot(slot: IpSlotItem): Promise<StaticIp> {
  const holder = slot.holder_user_id ?? 0;
  const accounts = await listBrokerAccounts({ frchId: slot.frch_id, userId: holder });
  const allocated = slot.owner_user_id !== slot.holder_user_id ? await getUser(slot.frch_id, holder) : null;
  return toStaticIp(slot, accounts, allocated ? allocatedToOf(allocated) : null);
}

/** Views of many slots, reading each holder's accounts and profile once. */
export async function viewsOfSlots(slots: readonly IpSlotItem[]): Promise<StaticIp[]> {
  const holders = [...new Set(slots.map((slot) => slot.holder_user_id ?? 0))];
  const frchId = slots[0]?.frch_id ?? 0;
  const accounts = new Map<number, BrokerAccountItem[]>();
  const users = new Map<number, UserItem | null>();
  await Promise.all(
    holders.map(async (holder) => {
      const owner: AccountOwner = { frchId, userId: holder };
      const [list, user] = await Promise.all([listBrokerAccounts(owner), getUser(frchId, holder)]);
      accounts.set(holder, list);
      users.set(holder, user);
    }),
  );
  return slots.map((slot) => {
    const holder = slot.holder_user_id ?? 0;
    const user = users.get(holder);
    const allocated = slot.owner_user_id !== slot.holder_user_id && user ? allocatedToOf(user) : null;
    return toStaticIp(slot, accounts.get(holder) ?? [], allocated);
  });
}
