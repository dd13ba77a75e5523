import { canMoveBrokerStatus } from '../../../shared/domain/states';
import { paiseFromCredits } from '../../../shared/domain/money';
import { accountRemovalItem, getBrokerAccount, updateBrokerAccount, type AccountChanges, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { moveWallet } from '../../wallet/move-wallet';
import { refundOf } from '../subscriptions/subscription-terms';
import { combinedNameOf } from './account-view';
import { notifyRemoved } from './broker-notifications';
import { ACCOUNT_REMOVED_MESSAGE, accountChanged, loadLiveAccount } from './owned-account';
import { listLiveAccounts } from './list-accounts';

const MAX_ATTEMPTS = 5;

export interface RemovalOutcome {
  readonly account: BrokerAccountItem;
  readonly refundedCredits: number;
}

/**
 * The removal with its refund in one wallet transaction: the credit (key `broker-refund#<account>`, an
 * account is refunded once), its ledger entry and the account's move to deleted, all or nothing. Null
 * when the account changed since it was read; `replayed` when a concurrent removal did it all first.
 */
async function removeWithRefund(
  owner: AccountOwner,
  account: BrokerAccountItem,
  changes: AccountChanges,
  credits: number,
  now: Date,
): Promise<{ account: BrokerAccountItem; replayed: boolean } | null> {
  const outcome = await moveWallet(
    {
      owner,
      direction: 'credit',
      amountPaise: paiseFromCredits(credits),
      reason: 'broker_refund',
      reference: { broker_id: account.broker_id },
      description: `Refund for removing ${combinedNameOf(account)}`,
      idempotencyKey: `broker-refund#${account.broker_id}`,
    },
    [accountRemovalItem(owner, account, changes, now)],
  );
  if (outcome.kind === 'alongside-refused') return null;
  const removed = await getBrokerAccount(owner, account.broker_id);
  return removed ? { account: removed, replayed: outcome.kind === 'replayed' } : null;
}

/** Everything a removal changes on the account: status, secrets wiped, flags off, no session, subscription ended. */
function removalChanges(now: Date, refunded: number) {
  return {
    set: { status: 'deleted', trading_enabled: false, auto_renew: false, session_valid_until: null, refunded_credits: refunded, removed_at: now.toISOString() },
    remove: ['sealed_credentials', 'sealed_session', 'GSI1PK', 'GSI1SK'],
  };
}

/**
 * Removes the account (`→ deleted`) with its secrets wiped, and credits the pro-rata refund of its
 * subscription through the wallet, in one transaction. Reads again and retries when the account changed.
 */
export async function removeAccount(owner: AccountOwner, accountId: string, log: Logger, now = clockNow()): Promise<RemovalOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const account = await loadLiveAccount(owner, accountId);
    if (!canMoveBrokerStatus(account.status, 'deleted')) throw new BusinessRuleError(ACCOUNT_REMOVED_MESSAGE);
    const { refundCredits } = refundOf(account, now);
    const changes = removalChanges(now, refundCredits);
    const subscriptionEnd = refundCredits > 0 ? { subscription_expires_at: now.toISOString() } : {};
    const allChanges = { ...changes, set: { ...changes.set, ...subscriptionEnd } };
    if (refundCredits > 0) {
      const removed = await removeWithRefund(owner, account, allChanges, refundCredits, now);
      if (!removed) continue;
      if (!removed.replayed) await notifyRemoved(owner, removed.account, refundCredits, log);
      return { account: removed.account, refundedCredits: refundCredits };
    }
    const removed = await updateBrokerAccount(owner, accountId, allChanges, { statuses: [account.status], version: account.v }, now);
    if (!removed) continue;
    await notifyRemoved(owner, removed, 0, log);
    return { account: removed, refundedCredits: 0 };
  }
  throw accountChanged();
}

/** Removes every live account of the caller, each in its own transaction with its own refund. */
export async function removeAllAccounts(owner: AccountOwner, log: Logger, now = clockNow()): Promise<{ removed: number; refundedCredits: number }> {
  let removed = 0;
  let refundedCredits = 0;
  for (const account of await listLiveAccounts(owner)) {
    const outcome = await removeAccount(owner, account.broker_id, log, now);
    removed += 1;
    refundedCredits += outcome.refundedCredits;
  }
  return { removed, refundedCredits };
}
