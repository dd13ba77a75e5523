import { paiseFromCredits, rupeesFromPaise } from '../../../shared/domain/money';
import { getBrokerAccount, subscriptionUpdateItem, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { findBrokerPlan } from '../../data/broker-plans';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../platform/errors';
import { moveWallet } from '../../wallet/move-wallet';
import { combinedNameOf } from '../accounts/account-view';
import { ACCOUNT_NOT_FOUND_MESSAGE, accountChanged, loadLiveAccount } from '../accounts/owned-account';
import { extendSubscription } from './subscription-terms';

/** The wallet's idempotency keys of plan purchases: `broker-subscription#<the client's key>`. */
const OPERATION = 'broker-subscription';
const MAX_ATTEMPTS = 5;

export interface SubscriptionRequest {
  readonly broker_id: string;
  readonly plan_id: string;
  readonly idempotency_key: string;
}

export interface SubscriptionPurchase {
  readonly account: BrokerAccountItem;
  readonly chargedCredits: number;
  readonly balanceAfter: number;
  readonly ledgerEntryId: string;
  readonly replayed: boolean;
}

/**
 * Buys a plan for the account through the wallet: one transaction debits the price (never below
 * zero) with its ledger entry and idempotency record, and extends the subscription only if the account
 * is unchanged since it was read (else it is read again and the purchase tried again). The same key
 * again answers the first purchase — also when the wallet no longer covers the price — and the same
 * key for another account or plan is a 409.
 */
export async function buySubscription(owner: AccountOwner, request: SubscriptionRequest, now = clockNow()): Promise<SubscriptionPurchase> {
  let account = await loadLiveAccount(owner, request.broker_id);
  const plan = findBrokerPlan(request.plan_id);
  if (!plan) throw new ValidationError([{ path: 'plan_id', message: 'Choose one of the plans.' }]);
  if (account.broker === 'paper') throw new BusinessRuleError('Paper accounts need no subscription.');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const outcome = await moveWallet(
      {
        owner,
        direction: 'debit',
        amountPaise: paiseFromCredits(plan.price),
        reason: 'broker_subscription',
        reference: { broker_id: account.broker_id, plan_id: plan.plan_id },
        description: `${plan.plan_label} subscription for ${combinedNameOf(account)}`,
        idempotencyKey: `${OPERATION}#${request.idempotency_key}`,
      },
      [subscriptionUpdateItem(owner, account, extendSubscription(account, plan, now), now)],
    );
    if (outcome.kind === 'alongside-refused') {
      account = await loadLiveAccount(owner, request.broker_id);
      continue;
    }
    const stored = await getBrokerAccount(owner, account.broker_id);
    if (!stored) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
    return {
      account: stored,
      chargedCredits: rupeesFromPaise(outcome.movement.amountPaise),
      balanceAfter: rupeesFromPaise(outcome.movement.balanceAfterPaise),
      ledgerEntryId: outcome.movement.entryId,
      replayed: outcome.kind === 'replayed',
    };
  }
  throw accountChanged();
}
