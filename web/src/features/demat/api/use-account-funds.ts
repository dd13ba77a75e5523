import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { brokerTradingContracts, type AccountFunds } from '@shared/contracts/broker-trading';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/** How often the Funds card reads the broker again while the page is visible (orders refresh it at once). */
export const FUNDS_REFRESH_MS = 30_000;

/** The account with the funds just read, unless it already holds a later reading. */
function withFunds(account: BrokerAccount, funds: AccountFunds): BrokerAccount {
  const isLater = !account.funds || Date.parse(account.funds.updated_at) < Date.parse(funds.read_at);
  return isLater ? { ...account, funds: { available: funds.available, used: funds.used, updated_at: funds.read_at } } : account;
}

/**
 * The account's funds as its broker reports them now (POST /users/broker/getbrokerfunds). Read again
 * every FUNDS_REFRESH_MS while the page is visible, and at once after any order of the account (the
 * ticket, modify/cancel and square-off invalidate the account's live keys). Each reading also goes into
 * the cached account, so every figure on screen ("Funds available" too) says the same. Ask only for a
 * connected account.
 */
export function useAccountFunds(brokerId: string, isConnected: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dematKeys.funds(brokerId),
    queryFn: () => callApi(brokerTradingContracts.getBrokerFunds, { broker_id: brokerId }),
    enabled: isConnected,
    refetchInterval: FUNDS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    queryClient.setQueryData<BrokerAccount>(dematKeys.account(brokerId), (account) => account && withFunds(account, data));
    queryClient.setQueryData<BrokerAccount[]>(dematKeys.accounts(), (accounts) =>
      accounts?.map((account) => (account.broker_id === brokerId ? withFunds(account, data) : account)),
    );
  }, [brokerId, data, queryClient]);
  return query;
}
