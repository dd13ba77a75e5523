import { updateBrokerAccount, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { accountChanged, loadLiveAccount } from './owned-account';

/** Changes plain settings of a live (not removed) account. */
async function updateSettings(owner: AccountOwner, accountId: string, set: Readonly<Record<string, unknown>>): Promise<BrokerAccountItem> {
  await loadLiveAccount(owner, accountId);
  const updated = await updateBrokerAccount(owner, accountId, { set }, { statuses: ['available', 'connected', 'expired'] });
  if (updated) return updated;
  await loadLiveAccount(owner, accountId);
  throw accountChanged();
}

export function setAccountNote(owner: AccountOwner, accountId: string, note: string): Promise<BrokerAccountItem> {
  return updateSettings(owner, accountId, { note });
}

export function setTradingFlag(owner: AccountOwner, accountId: string, tradingEnabled: boolean): Promise<BrokerAccountItem> {
  return updateSettings(owner, accountId, { trading_enabled: tradingEnabled });
}

export function setAutoRenew(owner: AccountOwner, accountId: string, autoRenew: boolean): Promise<BrokerAccountItem> {
  return updateSettings(owner, accountId, { auto_renew: autoRenew });
}
