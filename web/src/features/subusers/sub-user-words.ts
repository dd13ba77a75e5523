import type { SubUser } from '@shared/contracts/subusers';
import { subUserName } from '@/entities/sub-users/sub-user-name';
import { formatMoneyExact } from '@/lib/format/money';

/** "Asha Rao (#12)": the name and the id, as pickers and headings show a sub-user. */
export function subUserLabel(user: Pick<SubUser, 'first_name' | 'last_name' | 'user_id'>): string {
  return `${subUserName(user)} (#${user.user_id})`;
}

/** Spec §2: the broker panel's page is "User"; any other parent's (white label, can add sub-users) is "Link User". */
export function usersPageTitle(isBrokerPanel: boolean): string {
  return isBrokerPanel ? 'User' : 'Link User';
}

/** A referral percent with its two decimals: "12.50 %". */
export function percentText(percent: number): string {
  return `${percent.toFixed(2)} %`;
}

/** The wallet balance, exact, with Indian grouping: ₹1,23,456.50. */
export function balanceText(user: Pick<SubUser, 'balance_paise'>): string {
  return formatMoneyExact(user.balance_paise / 100);
}
