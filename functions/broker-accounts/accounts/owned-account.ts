import { getBrokerAccount, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { recentBrokerAccount } from '../../data/recent-broker-accounts';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../platform/errors';

export const ACCOUNT_NOT_FOUND_MESSAGE = 'Broker account not found';
export const ACCOUNT_REMOVED_MESSAGE = 'This broker account has been removed.';
export const ACCOUNT_CHANGED_MESSAGE = 'The broker account changed meanwhile. Please try again.';

/** The caller's account by id; another user's (or a missing) id is 404, so nobody learns it exists. */
export async function loadOwnedAccount(owner: AccountOwner, accountId: string): Promise<BrokerAccountItem> {
  const account = await getBrokerAccount(owner, accountId);
  if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
  return account;
}

/**
 * As `loadOwnedAccount`, from a copy read within seconds when there is one: only for the order path,
 * whose intent checks the copy's version in its own transaction (`accountIsRecentCopy`).
 */
export async function loadRecentOwnedAccount(owner: AccountOwner, accountId: string): Promise<BrokerAccountItem> {
  const account = await recentBrokerAccount(owner, accountId);
  if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
  return account;
}

/** As `loadOwnedAccount`, refusing a removed account with 422. */
export async function loadLiveAccount(owner: AccountOwner, accountId: string): Promise<BrokerAccountItem> {
  const account = await loadOwnedAccount(owner, accountId);
  if (account.status === 'deleted') throw new BusinessRuleError(ACCOUNT_REMOVED_MESSAGE);
  return account;
}

/** A conditional write whose precondition failed: the account was changed by a concurrent request. */
export function accountChanged(): ConflictError {
  return new ConflictError(ACCOUNT_CHANGED_MESSAGE);
}
