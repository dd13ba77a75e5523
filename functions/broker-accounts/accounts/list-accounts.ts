import { listBrokerAccounts, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { combinedNameOf } from './account-view';

/** The caller's accounts that are not removed, oldest first. */
export async function listLiveAccounts(owner: AccountOwner): Promise<BrokerAccountItem[]> {
  return (await listBrokerAccounts(owner)).filter((account) => account.status !== 'deleted');
}

/**
 * Account names for pickers. `onlyMine` false will add the accounts of the caller's sub-users when
 * sub-user management exists; until then both answers are the caller's own accounts.
 */
export async function brokerNames(owner: AccountOwner, _onlyMine: boolean) {
  return (await listLiveAccounts(owner)).map((account) => ({
    broker_id: account.broker_id,
    broker: account.broker,
    broker_combined_name: combinedNameOf(account),
    status: account.status,
  }));
}
