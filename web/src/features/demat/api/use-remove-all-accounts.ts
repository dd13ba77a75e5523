import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerContracts } from '../../../../../shared/contracts/broker';
import { callApi } from '../../../lib/api-client';
import { profileKeys } from '../../profile/api/profile-keys';
import { dematKeys } from './demat-keys';

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
