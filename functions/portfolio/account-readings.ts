import type { BrokerFunds, BrokerPosition } from '../broker-adapters/broker-adapter';
import { BrokerSessionExpiredError } from '../broker-adapters/http/broker-errors';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import { withBroker } from '../orders/account-adapter';
import { now as clockNow } from '../platform/clock';
import { DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { mapBounded, withinTime } from './bounded-map';

/**
 * What each of the user's accounts' brokers says now: positions and funds of every connected account,
 * read in parallel (at most `ACCOUNT_READ_LIMIT` brokers at once, each within `ACCOUNT_READ_TIMEOUT_MS`).
 * An account whose broker fails, or whose session has ended, is "not read" with the reason in a
 * trader's words; it never fails the dashboard.
 */
export const ACCOUNT_READ_LIMIT = 4;
export const ACCOUNT_READ_TIMEOUT_MS = 8_000;

export const SESSION_ENDED_REASON = 'The broker session has ended. Log in to the broker again to see this account.';
export const NO_ANSWER_REASON = `The broker did not answer within ${ACCOUNT_READ_TIMEOUT_MS / 1000} seconds.`;
export const BROKER_FAILED_REASON = 'The broker could not be read just now.';

export type AccountReading =
  | {
      readonly kind: 'read';
      readonly account: BrokerAccountItem;
      readonly positions: readonly BrokerPosition[];
      readonly funds: BrokerFunds;
      readonly readAt: Date;
    }
  | { readonly kind: 'not-read'; readonly account: BrokerAccountItem; readonly reason: string };

/** The reason shown for a failed read: the broker's session, or a message meant for the user, else a plain one. */
export function reasonOf(error: unknown): string {
  if (error instanceof BrokerSessionExpiredError) return SESSION_ENDED_REASON;
  if (error instanceof DomainError && error.status < 500) return error.message;
  if (error instanceof DomainError && error.code === 'BROKER_FAILURE') return `${BROKER_FAILED_REASON} ${error.message}`;
  return BROKER_FAILED_REASON;
}

async function readOne(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<AccountReading> {
  if (account.status === 'expired') return { kind: 'not-read', account, reason: SESSION_ENDED_REASON };
  const reading = withBroker(owner, account, log, async (adapter) => {
    const positions = await adapter.positions();
    const funds = await adapter.funds();
    return { kind: 'read', account, positions, funds, readAt: clockNow() } as const;
  }).catch((error: unknown): AccountReading => {
    log.warn('dashboard: broker account not read', { brokerId: account.broker_id, broker: account.broker, error: error instanceof Error ? error.name : 'unknown' });
    return { kind: 'not-read', account, reason: reasonOf(error) };
  });
  return withinTime<AccountReading>(ACCOUNT_READ_TIMEOUT_MS, reading, () => ({ kind: 'not-read', account, reason: NO_ANSWER_REASON }));
}

/** Reads the connected and expired accounts (the others hold nothing to read), in the accounts' order. */
export function readAccounts(owner: AccountOwner, accounts: readonly BrokerAccountItem[], log: Logger): Promise<AccountReading[]> {
  const readable = accounts.filter((account) => account.status === 'connected' || account.status === 'expired');
  return mapBounded(readable, ACCOUNT_READ_LIMIT, (account) => readOne(owner, account, log));
}
