import type { AccountOwner } from '../../data/broker-accounts-repository';
import type { ConnectOutcome, LoginContext } from '../integrations/broker-integration';
import { integrationOf } from '../integrations/registry';
import { assertMayConnectBrokers } from '../../sub-users/sub-user-permissions';
import { offeredBrokerConfig } from './broker-offer';
import { loadLiveAccount } from './owned-account';

/**
 * Logs an account in again with what is stored (credential brokers at once; redirect brokers answer
 * their login page). A paper account is always connected; a removed account cannot come back (422), nor
 * one of a broker the franchise no longer offers (422; its current session keeps working until it ends),
 * nor any while the owner's parent has not allowed broker connections (403; the demat flag, ADR 0013).
 */
export async function reconnectAccount(owner: AccountOwner, accountId: string, context: LoginContext): Promise<ConnectOutcome> {
  const account = await loadLiveAccount(owner, accountId);
  await assertMayConnectBrokers(owner);
  await offeredBrokerConfig(owner.frchId, account.broker);
  return integrationOf(account.broker).reconnect(owner, account, context);
}
