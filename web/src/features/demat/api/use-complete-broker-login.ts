import { useMutation } from '@tanstack/react-query';
import { brokerTradingContracts } from '@shared/contracts/broker-trading';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

/** Hands the broker's single-use login token to the server (POST /users/broker/completebrokerlogin). */
export function useCompleteBrokerLogin() {
  const storeAccount = useStoreAccount();
  return useMutation({
    mutationFn: ({ brokerId, token }: { brokerId: string; token: string }) =>
      callApi(brokerTradingContracts.completeBrokerLogin, { broker_id: brokerId, request_token: token }),
    onSuccess: storeAccount,
  });
}
