import { useQuery } from '@tanstack/react-query';
import { strategySubscriptionContracts } from '@shared/contracts/strategy-subscriptions';
import { callApi } from '@/lib/api-client';
import { strategiesKeys } from './strategies-keys';

/** The strategies the caller may subscribe to, with their plans and its own subscription (POST getavailablestrategies). */
export function useAvailableStrategies() {
  return useQuery({
    queryKey: strategiesKeys.available(),
    queryFn: () => callApi(strategySubscriptionContracts.getAvailableStrategies, {}),
  });
}
