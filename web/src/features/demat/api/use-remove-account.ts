import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

/** Removes an account with its pro-rata refund (POST /users/broker/removebroker). */
export function useRemoveAccount() {
  const storeAccount = useStoreAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brokerId: string) => callApi(brokerContracts.removeBroker, { broker_id: brokerId }),
    onSuccess: async ({ account }) => {
      await storeAccount(account);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
