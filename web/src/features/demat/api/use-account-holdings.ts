import { useQuery } from '@tanstack/react-query';
import { brokerTradingContracts } from '@shared/contracts/broker-trading';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/** Holdings move with the market but not with every order: read again twice a minute (and after every order, with the account's live data). */
export const HOLDINGS_REFRESH_MS = 30_000;

/** The account's delivery holdings, valued, as its broker reports them (POST /users/broker/getbrokerholdings). Ask only for a connected account. */
export function useAccountHoldings(brokerId: string) {
  return useQuery({
    queryKey: [...dematKeys.live(brokerId), 'holdings'],
    queryFn: () => callApi(brokerTradingContracts.getBrokerHoldings, { broker_id: brokerId }),
    refetchInterval: HOLDINGS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
