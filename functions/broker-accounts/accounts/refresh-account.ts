import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { listBrokerAccounts, updateBrokerAccount, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { readAccountFunds } from '../sessions/account-funds';
import { expireAccount } from '../sessions/expire-session';
import { accountChanged, loadLiveAccount } from './owned-account';

/**
 * Checks a connected account's session and reads its funds. A session past its end, or one the broker
 * refuses, moves the account to `expired` (the answer shows it); other broker failures are thrown.
 */
async function refreshConnected(owner: AccountOwner, account: BrokerAccountItem, log: Logger, now: Date): Promise<BrokerAccountItem> {
  const pastValidity = account.broker !== 'paper' && (!account.session_valid_until || Date.parse(account.session_valid_until) <= now.getTime());
  if (pastValidity) return expireAccount(owner, account, log, now);
  try {
    const reading = await readAccountFunds(owner, account, log);
    const funds = { ...reading.funds, updated_at: now.toISOString() };
    const updated = await updateBrokerAccount(owner, account.broker_id, { set: { funds } }, { statuses: ['connected'] }, now);
    if (!updated) throw accountChanged();
    return updated;
  } catch (error) {
    if (error instanceof BrokerSessionExpiredError) return expireAccount(owner, account, log, now);
    throw error;
  }
}

export async function refreshAccount(owner: AccountOwner, accountId: string, log: Logger, now = clockNow()): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  if (account.status !== 'connected') throw new BusinessRuleError('Connect this broker account first.');
  return refreshConnected(owner, account, log, now);
}

export interface RefreshAllOutcome {
  readonly accounts: BrokerAccountItem[];
  readonly refreshed: number;
  readonly failed: number;
}

/** Refreshes each connected account in turn; one broker's failure is counted and logged (without secrets), not thrown. */
export async function refreshAllAccounts(owner: AccountOwner, log: Logger, now = clockNow()): Promise<RefreshAllOutcome> {
  const accounts: BrokerAccountItem[] = [];
  let refreshed = 0;
  let failed = 0;
  for (const account of await listBrokerAccounts(owner)) {
    if (account.status === 'deleted') continue;
    if (account.status !== 'connected') {
      accounts.push(account);
      continue;
    }
    try {
      accounts.push(await refreshConnected(owner, account, log, now));
      refreshed += 1;
    } catch (error) {
      log.warn('broker account not refreshed', { brokerId: account.broker_id, broker: account.broker, reason: error instanceof Error ? error.name : 'unknown' });
      accounts.push(account);
      failed += 1;
    }
  }
  return { accounts, refreshed, failed };
}
