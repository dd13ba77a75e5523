import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '../../../../../shared/contracts/broker';
import { callApi } from '../../../lib/api-client';
import { dematKeys } from './demat-keys';

/** One of the user's broker accounts (POST /users/broker/getbrokerinfo). */
export function useBrokerAccount(brokerId: string) {
  return useQuery({
    queryKey: dematKeys.account(brokerId),
    queryFn: () => callApi(brokerContracts.getBrokerInfo, { broker_id: brokerId }),
  });
}
