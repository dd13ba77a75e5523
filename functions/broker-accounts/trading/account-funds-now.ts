import type { AccountFunds } from '../../../shared/contracts/broker-trading';
import type { AccountOwner } from '../../data/broker-accounts-repository';
import { withBroker } from '../../orders/account-adapter';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { loadConnectedAccount } from './connected-account';

/**
 * The account's funds as its broker reports them now: a read only, like positions and the order book
 * (the account's stored funds change with Refresh, which also checks the session). Broker failures are
 * thrown as the order path throws them: an expired session is the broker's "log in again", never a 500.
 */
export async function readAccountFundsNow(owner: AccountOwner, accountId: string, log: Logger): Promise<AccountFunds> {
  const account = await loadConnectedAccount(owner, accountId);
  const { available, used } = await withBroker(owner, account, log, (adapter) => adapter.funds());
  return { available, used, read_at: clockNow().toISOString() };
}
