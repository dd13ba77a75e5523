import type { FranchiseLedgerEntry, FranchisePayment } from '@shared/contracts/franchise-money';
import { rupeesFromPaise } from '@shared/domain/money';
import { formatMoneyExact } from '@/lib/format/money';

/** "Asha Rao (asha@example.com)", or "User 7" for a user no longer there. */
export function userText(user: FranchisePayment['user']): string {
  if (!user.name && !user.email) return `User ${user.user_id}`;
  return user.email ? `${user.name || `User ${user.user_id}`} (${user.email})` : user.name;
}

/** What a movement is about as one line: "utr: ABC123, plan id: monthly". */
export function referenceText(entry: FranchiseLedgerEntry): string {
  return Object.entries(entry.reference)
    .map(([name, value]) => `${name.replace(/_/g, ' ')}: ${value}`)
    .join(', ');
}

/** ₹12,34,567.50 from paise (Indian grouping). */
export const paiseText = (paise: number): string => formatMoneyExact(rupeesFromPaise(paise));

/** "1 payment" / "3 payments". */
export const countText = (count: number, one: string, many: string): string => `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
