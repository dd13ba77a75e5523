import { ACCOUNT_NOT_CONNECTED_MESSAGE } from '../../../shared/contracts/groups';
import { getBrokerAccountsOf, listBrokerAccounts, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupChildItem } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { loadOwnedAccount } from '../../broker-accounts/accounts/owned-account';
import { BusinessRuleError } from '../../platform/errors';

/** One of the caller's accounts that is connected now: 404 for another user's, 422 for one not connected (available, expired, removed). */
export async function loadConnectedAccount(owner: GroupOwner, accountId: string): Promise<BrokerAccountItem> {
  const account = await loadOwnedAccount(owner, accountId);
  if (account.status !== 'connected') throw new BusinessRuleError(ACCOUNT_NOT_CONNECTED_MESSAGE);
  return account;
}

/** The caller's accounts by id (removed ones too: a group still names them), read once for a whole listing. */
export async function accountsById(owner: GroupOwner): Promise<ReadonlyMap<string, BrokerAccountItem>> {
  return new Map((await listBrokerAccounts(owner)).map((account) => [account.broker_id, account]));
}

/** Whose account a child (or a group order's target) trades: a strategy subscriber's own, or the group owner's. */
export function accountOwnerOf(owner: GroupOwner, link: { readonly account_owner_id: number | null }): GroupOwner {
  return link.account_owner_id === null ? owner : { frchId: owner.frchId, userId: link.account_owner_id };
}

/**
 * The accounts a group's fan-out trades, by id: the owner's (one Query) plus each strategy subscriber's
 * account, read from its own partition — 100 per BatchGetItem, alongside the Query (broker account ids
 * are ULIDs, unique across users).
 */
export async function fanOutAccounts(
  owner: GroupOwner,
  children: readonly GroupChildItem[],
  /** The owner's accounts when the caller already started reading them. */
  ownAccounts?: Promise<BrokerAccountItem[]>,
): Promise<ReadonlyMap<string, BrokerAccountItem>> {
  const subscribers = children.filter((child) => child.account_owner_id !== null);
  const [own, theirs] = await Promise.all([
    ownAccounts ?? listBrokerAccounts(owner),
    getBrokerAccountsOf(subscribers.map((child) => ({ owner: accountOwnerOf(owner, child), accountId: child.broker_id }))),
  ]);
  const accounts = new Map(own.map((account) => [account.broker_id, account]));
  for (const account of theirs) if (account) accounts.set(account.broker_id, account);
  return accounts;
}
