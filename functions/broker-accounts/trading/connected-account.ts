import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { assertTradable, READING_POLICY } from '../../orders/tradable-account';
import { loadLiveAccount } from '../accounts/owned-account';

/** The caller's account, connected: another user's is 404, a removed one or one not connected is 422 (the order path's words). */
export async function loadConnectedAccount(owner: AccountOwner, accountId: string): Promise<BrokerAccountItem> {
  const account = await loadLiveAccount(owner, accountId);
  assertTradable(account, READING_POLICY);
  return account;
}
