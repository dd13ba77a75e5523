import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

export interface PlanPurchase {
  brokerId: string;
  planId: string;
  /** One key per purchase attempt: a retried request under the same key is charged once. */
  idempotencyKey: string;
}

/** Buys a plan for an account from the wallet (POST /users/broker/updatebrokersubscription). */
export function useBuyPlan() {
  const storeAccount = useStoreAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brokerId, planId, idempotencyKey }: PlanPurchase) =>
      callApi(brokerContracts.updateBrokerSubscription, { broker_id: brokerId, plan_id: planId, idempotency_key: idempotencyKey }),
    onSuccess: async ({ account }) => {
      await storeAccount(account);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
