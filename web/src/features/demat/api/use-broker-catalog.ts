import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/** The broker catalog (GET /users/broker/getavailablebrokers): paper and the real brokers, some coming soon. */
export function useBrokerCatalog() {
  return useQuery({
    queryKey: dematKeys.catalog(),
    queryFn: () => callApi(brokerContracts.getAvailableBrokers, {}),
    staleTime: Infinity,
  });
}
