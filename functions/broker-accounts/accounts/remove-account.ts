import { ulid } from 'ulid';
import { canMoveBrokerStatus } from '../../../shared/domain/states';
import { getBrokerAccount, writeAccountRemoval, type AccountOwner, type BrokerAccountItem, type WalletMovement } from '../../data/broker-accounts-repository';
import { getUser } from '../../data/users-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError, NotFoundError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { retryPause } from '../subscriptions/retry-pause';
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

async function refundMovement(owner: AccountOwner, account: BrokerAccountItem, credits: number): Promise<WalletMovement | null> {
  if (credits <= 0) return null;
  const user = await getUser(owner.frchId, owner.userId);
  if (!user) throw new NotFoundError('User not found');
  return {
    type: 'credit',
    amount: credits,
    balanceBefore: user.current_credit,
    entryId: ulid(),
    description: `Refund for removing ${combinedNameOf(account)}`,
    reference: { broker_id: account.broker_id },
  };
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
 * subscription with a ledger entry, in one transaction. Retries when the balance or account changed.
 */
export async function removeAccount(owner: AccountOwner, accountId: string, log: Logger, now = clockNow()): Promise<RemovalOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const account = await loadLiveAccount(owner, accountId);
    if (!canMoveBrokerStatus(account.status, 'deleted')) throw new BusinessRuleError(ACCOUNT_REMOVED_MESSAGE);
    const { refundCredits } = refundOf(account, now);
    const refund = await refundMovement(owner, account, refundCredits);
    const changes = removalChanges(now, refundCredits);
    const subscriptionEnd = refundCredits > 0 ? { subscription_expires_at: now.toISOString() } : {};
    const written = await writeAccountRemoval(owner, account, { ...changes, set: { ...changes.set, ...subscriptionEnd } }, refund, now);
    if (written === 'conflict') await retryPause(attempt);
    if (written !== 'written') continue;
    const removed = await getBrokerAccount(owner, accountId);
    if (!removed) throw accountChanged();
    await notifyRemoved(owner, removed, refundCredits, log);
    return { account: removed, refundedCredits: refundCredits };
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
