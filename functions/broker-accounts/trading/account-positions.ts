import type { AccountPositions } from '../../../shared/contracts/broker-trading';
import type { AccountOwner } from '../../data/broker-accounts-repository';
import { instrumentMaster } from '../../market/instrument-master';
import { withBroker } from '../../orders/account-adapter';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { loadConnectedAccount } from './connected-account';
import { accountPositionsOf } from './position-view';
import { scriptResolverOf } from '../../broker-adapters/mapping/script-resolver';

/**
 * The account's net positions as its broker reports them now. Broker failures are thrown as the order
 * path throws them (an expired session is the broker's "log in again" message, never a 500).
 */
export async function readAccountPositions(owner: AccountOwner, accountId: string, log: Logger): Promise<AccountPositions> {
  const account = await loadConnectedAccount(owner, accountId);
  const positions = await withBroker(owner, account, log, (adapter) => adapter.positions());
  const resolve = scriptResolverOf(account.broker, await instrumentMaster());
  return accountPositionsOf(positions, resolve, clockNow());
}
