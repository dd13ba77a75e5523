import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { callApi } from '@/lib/api-client';
import { dematKeys } from './demat-keys';

/** The broker catalog (GET /users/broker/getavailablebrokers): paper and the real brokers, some coming soon. */
export function useBrokerCatalog() {
  return useQuery({
    queryKey: dematKeys.catalog(),
    queryFn: () => callApi(brokerContracts.getAvailableBrokers, {}),
    staleTime: Infinity,
  });
}
