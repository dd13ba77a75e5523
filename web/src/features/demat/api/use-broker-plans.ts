import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '../../../../../shared/contracts/broker';
import { callApi } from '../../../lib/api-client';
import { dematKeys } from './demat-keys';

/** Subscription plans for broker accounts (GET /users/broker/getbrokerplans): duration, label, price in credits. */
export function useBrokerPlans() {
  return useQuery({
    queryKey: dematKeys.plans(),
    queryFn: () => callApi(brokerContracts.getBrokerPlans, {}),
  });
}
