import { useQueryClient } from '@tanstack/react-query';
import type { BrokerAccount } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';

/**
 * Puts an account the server answered into the cache: its own entry and its row in the list
 * (added at the end when new, dropped when deleted), then marks the list stale to be sure.
 */
export function useStoreAccount(): (account: BrokerAccount) => Promise<void> {
  const queryClient = useQueryClient();
  return async (account) => {
    queryClient.setQueryData(dematKeys.account(account.broker_id), account);
    queryClient.setQueryData<BrokerAccount[]>(dematKeys.accounts(), (accounts) => accounts && withAccount(accounts, account));
    await queryClient.invalidateQueries({ queryKey: dematKeys.accounts() });
  };
}

/** The list with `account` in place of its old row; deleted accounts leave the list (getbrokers omits them). */
export function withAccount(accounts: readonly BrokerAccount[], account: BrokerAccount): BrokerAccount[] {
  const others = accounts.filter((existing) => existing.broker_id !== account.broker_id);
  if (account.status === 'deleted') return others;
  const isKnown = others.length !== accounts.length;
  return isKnown ? accounts.map((existing) => (existing.broker_id === account.broker_id ? account : existing)) : [...accounts, account];
}
