import { ulid } from 'ulid';
import * as z from 'zod';
import {
  getBrokerAccount,
  getIdempotencyRecord,
  writeSubscriptionPurchase,
  type AccountOwner,
  type BrokerAccountItem,
  type WalletMovement,
} from '../../data/broker-accounts-repository';
import { findBrokerPlan } from '../../data/broker-plans';
import { getUser } from '../../data/users-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { combinedNameOf } from '../accounts/account-view';
import { ACCOUNT_NOT_FOUND_MESSAGE, accountChanged, loadLiveAccount } from '../accounts/owned-account';
import { retryPause } from './retry-pause';
import { extendSubscription } from './subscription-terms';

const OPERATION = 'broker-subscription';
const MAX_ATTEMPTS = 5;
export const NOT_ENOUGH_CREDIT_MESSAGE = 'Not enough credit.';

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

const outcomeSchema = z.object({ charged_credits: z.number(), balance_after: z.number(), ledger_entry_id: z.string() });

/** The first answer to this idempotency key, if the key was used; another request under the same key is a 409. */
async function replayOf(owner: AccountOwner, request: SubscriptionRequest, fingerprint: string): Promise<SubscriptionPurchase | null> {
  const record = await getIdempotencyRecord(owner, OPERATION, request.idempotency_key);
  if (!record) return null;
  if (record.fingerprint !== fingerprint) throw new ConflictError('This idempotency key was already used for another purchase.');
  const outcome = outcomeSchema.parse(record.outcome);
  const account = await getBrokerAccount(owner, request.broker_id);
  if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
  return { account, chargedCredits: outcome.charged_credits, balanceAfter: outcome.balance_after, ledgerEntryId: outcome.ledger_entry_id, replayed: true };
}

async function currentCredit(owner: AccountOwner): Promise<number> {
  const user = await getUser(owner.frchId, owner.userId);
  if (!user) throw new NotFoundError('User not found');
  return user.current_credit;
}

/**
 * Buys a plan for the account: debits the wallet, writes the ledger entry, extends the subscription and
 * records the idempotency key, all in one transaction conditioned on the balance and the account as
 * read. A concurrent change retries with fresh reads; a replayed key answers the first purchase, also
 * when it lands between this request's look for it and its balance read (never "Not enough credit").
 */
export async function buySubscription(owner: AccountOwner, request: SubscriptionRequest, now = clockNow()): Promise<SubscriptionPurchase> {
  let account = await loadLiveAccount(owner, request.broker_id);
  const plan = findBrokerPlan(request.plan_id);
  if (!plan) throw new ValidationError([{ path: 'plan_id', message: 'Choose one of the plans.' }]);
  if (account.broker === 'paper') throw new BusinessRuleError('Paper accounts need no subscription.');
  const fingerprint = `${request.broker_id}|${request.plan_id}`;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const replay = await replayOf(owner, request, fingerprint);
    if (replay) return replay;
    const balance = await currentCredit(owner);
    if (balance < plan.price) {
      // A concurrent request under the same key may have paid between the two reads: its answer is this one's.
      const paidMeanwhile = await replayOf(owner, request, fingerprint);
      if (paidMeanwhile) return paidMeanwhile;
      throw new BusinessRuleError(NOT_ENOUGH_CREDIT_MESSAGE);
    }
    const ledgerEntryId = ulid(now.getTime());
    const outcome = { charged_credits: plan.price, balance_after: balance - plan.price, ledger_entry_id: ledgerEntryId };
    const movement: WalletMovement = {
      type: 'debit',
      amount: plan.price,
      balanceBefore: balance,
      entryId: ledgerEntryId,
      description: `${plan.plan_label} subscription for ${combinedNameOf(account)}`,
      reference: { broker_id: account.broker_id, plan_id: plan.plan_id, idempotency_key: request.idempotency_key },
    };
    const record = { operation: OPERATION, key: request.idempotency_key, fingerprint, outcome };
    const written = await writeSubscriptionPurchase(owner, account, extendSubscription(account, plan, now), movement, record, now);
    if (written === 'written') {
      const stored = await getBrokerAccount(owner, account.broker_id);
      if (!stored) throw accountChanged();
      return { account: stored, chargedCredits: plan.price, balanceAfter: outcome.balance_after, ledgerEntryId, replayed: false };
    }
    if (written === 'account-changed') account = await loadLiveAccount(owner, request.broker_id);
    if (written === 'conflict') await retryPause(attempt);
  }
  throw accountChanged();
}
