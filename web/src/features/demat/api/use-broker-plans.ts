import { useQuery } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/** Subscription plans for broker accounts (GET /users/broker/getbrokerplans): duration, label, price in credits. */
export function useBrokerPlans() {
  return useQuery({
    queryKey: dematKeys.plans(),
    queryFn: () => callApi(brokerContracts.getBrokerPlans, {}),
  });
}
