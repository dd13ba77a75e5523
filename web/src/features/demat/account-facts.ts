import type { BrokerAccount } from '@shared/contracts/broker';
import { formatDateTime, formatDisplayDate } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';

export interface AccountFact {
  label: string;
  value: (account: BrokerAccount) => string;
  /** The table leaves out what the account's name already says. */
  inTable: boolean;
}

/** The paper exchange has no broker login, session or plan. */
const PAPER_NEEDS_NONE = 'Not needed for paper';
const isPaper = (account: BrokerAccount) => account.broker === 'paper';

function sessionValidity(account: BrokerAccount): string {
  if (account.session_valid_until) return formatDateTime(account.session_valid_until);
  return isPaper(account) ? PAPER_NEEDS_NONE : 'No session';
}

function planExpiry(account: BrokerAccount): string {
  if (isPaper(account)) return PAPER_NEEDS_NONE;
  return account.subscription_expires_at ? formatDisplayDate(account.subscription_expires_at) : 'No plan';
}

/** The facts an account card and the account page list, formatted per spec §9 (times in Asia/Kolkata). */
export const ACCOUNT_FACTS: readonly AccountFact[] = [
  {
    label: 'Broker user id',
    value: (account) => account.broker_user_id ?? (isPaper(account) ? PAPER_NEEDS_NONE : 'Not logged in yet'),
    inTable: false,
  },
  {
    label: 'Session valid until',
    value: (account) => sessionValidity(account),
    inTable: true,
  },
  {
    label: 'Plan expires',
    value: (account) => planExpiry(account),
    inTable: true,
  },
  {
    label: 'Funds available',
    value: (account) => (account.funds ? formatMoney(account.funds.available) : 'Refresh to read'),
    inTable: true,
  },
];
