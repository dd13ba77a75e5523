import type { BrokerAccount } from '@shared/contracts/broker';
import type { AlertMessage } from '@shared/contracts/realtime';

/** How long before a broker session ends the trader is warned. */
export const SESSION_WARNING_MS = 10 * 60_000;

/** Sessions that end on their own: connected real-broker accounts (paper sessions do not end). */
function endingSessions(accounts: readonly BrokerAccount[]): { account: BrokerAccount; endsAt: number }[] {
  return accounts.flatMap((account) => {
    if (account.broker === 'paper' || account.status !== 'connected' || account.session_valid_until === null) return [];
    const endsAt = Date.parse(account.session_valid_until);
    return Number.isNaN(endsAt) ? [] : [{ account, endsAt }];
  });
}

export const warningKey = (account: BrokerAccount) => `${account.broker_id}|${account.session_valid_until ?? ''}`;

/** The warnings due at `nowMs` (sessions ending within the warning time, not over, not warned yet), each with its key. */
export function sessionWarningsDue(accounts: readonly BrokerAccount[], nowMs: number, warned: ReadonlySet<string>): { key: string; alert: AlertMessage }[] {
  return endingSessions(accounts)
    .filter(({ account, endsAt }) => endsAt > nowMs && endsAt - nowMs <= SESSION_WARNING_MS && !warned.has(warningKey(account)))
    .map(({ account, endsAt }) => ({ key: warningKey(account), alert: warningOf(account, endsAt) }));
}

function warningOf(account: BrokerAccount, endsAt: number): AlertMessage {
  return {
    type: 'alert',
    kind: 'session-expiring',
    at: new Date(endsAt).toISOString(),
    account: account.broker_combined_name,
    group: null,
    side: null,
    quantity: null,
    trading_symbol: null,
    price: null,
    reason: null,
  };
}

/** When the next warning falls due after `nowMs`, or null when none will. */
export function nextWarningAt(accounts: readonly BrokerAccount[], nowMs: number): number | null {
  const upcoming = endingSessions(accounts)
    .map(({ endsAt }) => endsAt - SESSION_WARNING_MS)
    .filter((warnAt) => warnAt > nowMs);
  return upcoming.length === 0 ? null : Math.min(...upcoming);
}
