import type { BrokerAccount } from '@shared/contracts/broker';
import type { IpVersion, StaticIp } from '@shared/contracts/ips';
import type { BrokerKind } from '@shared/domain/brokers';
import { rupeesFromPaise } from '@shared/domain/money';
import { formatDisplayDate } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';

/** Which brokers take each version (money-hierarchy-egress reference §3.1). */
export const IP_VERSION_NOTES: Readonly<Record<IpVersion, string>> = {
  IPv4: 'Accepted by every broker.',
  IPv6: 'Accepted by Zerodha, Upstox and Dhan; Angel One needs IPv4.',
};

/** Brokers that take only IPv4 addresses (Angel One: "bring your own IPv4"). */
const IPV4_ONLY: readonly BrokerKind[] = ['angelone'];

/** Why an account cannot use an address of this version, or null when it can. */
export function versionRefusal(version: IpVersion, broker: BrokerKind): string | null {
  return version === 'IPv6' && IPV4_ONLY.includes(broker) ? 'needs IPv4' : null;
}

/** Paise as exact rupees with Indian grouping: ₹1,499.00. */
export const rupeesText = (paise: number): string => formatMoneyExact(rupeesFromPaise(paise));

export const monthsText = (months: number): string => (months === 1 ? '1 month' : `${months} months`);

/** True while the brokers' weekly rule still holds an account's (or a holder's) IP. */
export function isChangeBlocked(nextChangeAt: string | null, nowMs: number): nextChangeAt is string {
  return nextChangeAt !== null && Date.parse(nextChangeAt) > nowMs;
}

export const nextChangeText = (nextChangeAt: string): string => `next change allowed on ${formatDisplayDate(nextChangeAt)}`;

/** One of the holder's broker accounts, with the IP it uses now (if any) and when that may change. */
export interface HolderAccount {
  broker_id: string;
  broker: BrokerKind;
  broker_combined_name: string;
  next_change_at: string | null;
  /** The address it sends orders from now; null without one. */
  current_address: string | null;
}

/**
 * The caller's live broker accounts (paper included: the simulator can send from a slot too), each with
 * the address it uses now and when that may change.
 */
export function holderAccounts(accounts: readonly BrokerAccount[]): HolderAccount[] {
  return accounts
    .filter((account) => account.status !== 'deleted')
    .map((account) => ({
      broker_id: account.broker_id,
      broker: account.broker,
      broker_combined_name: account.broker_combined_name,
      next_change_at: account.static_ip?.next_change_at ?? null,
      current_address: account.static_ip?.address ?? null,
    }));
}

/** Who holds an IP, from the caller's side: itself, a sub-user it allocated it to, or itself by its parent's allocation. */
export function holdingText(ip: StaticIp): string | null {
  if (ip.allocated_to) return `Allocated to ${ip.allocated_to.name} (${ip.allocated_to.email})`;
  if (ip.owner_user_id !== ip.holder_user_id) return 'Allocated to you by your parent';
  return null;
}

/** The buyer gives an IP up; a sub-user that was allocated one cannot. */
export const isOwnedByCaller = (ip: StaticIp): boolean => ip.allocated_to !== null || ip.owner_user_id === ip.holder_user_id;
