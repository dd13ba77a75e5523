import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { callApi } from '@/lib/api-client';

/** Removes every account of the user, each with its refund (POST /users/broker/removeallselfbrokers). */
export function useRemoveAllAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(brokerContracts.removeAllSelfBrokers, {}),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dematKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
