import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/** One of the user's broker accounts (POST /users/broker/getbrokerinfo). */
export function useBrokerAccount(brokerId: string) {
  return useQuery({
    queryKey: dematKeys.account(brokerId),
    queryFn: () => callApi(brokerContracts.getBrokerInfo, { broker_id: brokerId }),
  });
}
