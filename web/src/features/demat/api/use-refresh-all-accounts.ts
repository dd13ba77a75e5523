import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { REFRESH_FAILURE_MESSAGE, REFRESH_SUCCESS_MESSAGE } from '@/components/refresh/refresh-messages';
import { useToast } from '@/components/toast/use-toast';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { callApi } from '@/lib/api-client';

/**
 * Refreshes every connected account (GET /users/broker/refreshall). The call succeeds even when some
 * accounts fail; any failure ends on the error toast, since not all data is fresh.
 */
export function useRefreshAllAccounts() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => callApi(brokerContracts.refreshAll, {}),
    onSuccess: async ({ failed }) => {
      await queryClient.invalidateQueries({ queryKey: dematKeys.all });
      if (failed > 0) toast.error(REFRESH_FAILURE_MESSAGE);
      else toast.success(REFRESH_SUCCESS_MESSAGE);
    },
    onError: () => toast.error(REFRESH_FAILURE_MESSAGE),
  });
}
