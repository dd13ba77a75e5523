import { ACCOUNT_NOT_CONNECTED_MESSAGE } from '../../../shared/contracts/groups';
import { listBrokerAccounts, type BrokerAccountItem } from '../../data/broker-accounts-repository';
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
