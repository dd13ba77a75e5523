import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { callApi } from '@/lib/api-client';
import { dematKeys } from './demat-keys';

/** The user's broker accounts, oldest first (GET /users/broker/getbrokers). */
export function useBrokerAccounts() {
  return useQuery({
    queryKey: dematKeys.accounts(),
    queryFn: () => callApi(brokerContracts.getBrokers, {}),
  });
}
