import { useQuery } from '@tanstack/react-query';
import { brokerTradingContracts } from '@shared/contracts/broker-trading';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { ACCOUNT_LIVE_REFRESH_MS } from '@/entities/broker-accounts/live-refresh';
import { callApi } from '@/lib/api-client';

/**
 * Today's order book of the account as its broker reports it (POST /users/broker/getbrokerorderbook),
 * read again every few seconds while the page is visible. Ask only for a connected account.
 */
export function useAccountOrderBook(brokerId: string) {
  return useQuery({
    queryKey: dematKeys.orderBook(brokerId),
    queryFn: () => callApi(brokerTradingContracts.getBrokerOrderBook, { broker_id: brokerId }),
    refetchInterval: ACCOUNT_LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
