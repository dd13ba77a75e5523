import type { FranchisePaymentStatus } from '@shared/contracts/franchise-money';
import type { WalletReason } from '@shared/contracts/wallet';
import { defaultHistoryRange, type PayloadDateRange } from '@/lib/format/calendar-date';

/** Who a listing is narrowed to, as the broker typed it: '' (everyone), a user id, or an email. */
export type UserText = string;

/** The franchise payments listed: dates, method, status and user ('all' for no filter). */
export type PaymentFilters = PayloadDateRange & {
  method: 'all' | 'PHONEPE' | 'BANK';
  status: FranchisePaymentStatus | 'all';
  user: UserText;
};

/** The franchise's wallet movements listed: dates, direction, reason and user. */
export type LedgerFilters = PayloadDateRange & {
  type: 'all' | 'credit' | 'debit';
  reason: WalletReason | 'all';
  user: UserText;
};

export const USER_FILTER_INVALID = 'Enter a user id (a number) or an email address.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The request's user field for what was typed (nothing when empty), or null when it is neither an id nor an email. */
export function userRequestOf(text: UserText): { user_id?: number; user_email?: string } | null {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (/^\d{1,9}$/.test(trimmed) && Number(trimmed) > 0) return { user_id: Number(trimmed) };
  if (EMAIL.test(trimmed)) return { user_email: trimmed };
  return null;
}

export const defaultPaymentFilters = (): PaymentFilters => ({ ...defaultHistoryRange(), method: 'all', status: 'all', user: '' });
export const defaultLedgerFilters = (): LedgerFilters => ({ ...defaultHistoryRange(), type: 'all', reason: 'all', user: '' });

/** The request's filter fields (a checked form: the user text is valid). */
export function paymentsRequestOf(filters: PaymentFilters) {
  return {
    from_date: filters.from_date,
    to_date: filters.to_date,
    ...(userRequestOf(filters.user) ?? {}),
    ...(filters.method === 'all' ? {} : { method: filters.method }),
    ...(filters.status === 'all' ? {} : { status: filters.status }),
  };
}

export function ledgerRequestOf(filters: LedgerFilters) {
  return {
    from_date: filters.from_date,
    to_date: filters.to_date,
    ...(userRequestOf(filters.user) ?? {}),
    ...(filters.type === 'all' ? {} : { type: filters.type }),
    ...(filters.reason === 'all' ? {} : { reason: filters.reason }),
  };
}
