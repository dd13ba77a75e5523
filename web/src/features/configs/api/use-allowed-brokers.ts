import { useQuery } from '@tanstack/react-query';
import { allowedBrokersContracts } from '@shared/contracts/allowed-brokers';
import { callApi } from '@/lib/api-client';
import { configsKeys } from './configs-keys';

/** The brokers the franchise offers and the redirect URL its broker apps register (GET getallowedbrokers). */
export function useAllowedBrokers() {
  return useQuery({
    queryKey: configsKeys.allowedBrokers(),
    queryFn: () => callApi(allowedBrokersContracts.getAllowedBrokers, {}),
  });
}
