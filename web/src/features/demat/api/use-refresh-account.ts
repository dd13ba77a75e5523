import { useMutation } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { REFRESH_FAILURE_MESSAGE, REFRESH_SUCCESS_MESSAGE } from '@/components/refresh/refresh-messages';
import { useToast } from '@/components/toast/use-toast';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

/** Checks one account's session and funds with its broker (POST /users/broker/refresh), ending on a toast. */
export function useRefreshAccount() {
  const storeAccount = useStoreAccount();
  const toast = useToast();
  return useMutation({
    mutationFn: (brokerId: string) => callApi(brokerContracts.refresh, { broker_id: brokerId }),
    onSuccess: async (account) => {
      await storeAccount(account);
      toast.success(REFRESH_SUCCESS_MESSAGE);
    },
    onError: () => toast.error(REFRESH_FAILURE_MESSAGE),
  });
}
