import { useQuery } from '@tanstack/react-query';
import { brokerTradingContracts } from '@shared/contracts/broker-trading';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { ACCOUNT_LIVE_REFRESH_MS } from '@/entities/broker-accounts/live-refresh';
import { callApi } from '@/lib/api-client';

/**
 * The account's net positions with P&L as its broker reports them (POST /users/broker/getbrokerpositions),
 * read again every few seconds while the page is visible. Ask only for a connected account.
 */
export function useAccountPositions(brokerId: string) {
  return useQuery({
    queryKey: dematKeys.positions(brokerId),
    queryFn: () => callApi(brokerTradingContracts.getBrokerPositions, { broker_id: brokerId }),
    refetchInterval: ACCOUNT_LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
