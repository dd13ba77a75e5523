import { useMutation } from '@tanstack/react-query';
import { brokerContracts } from '@shared/contracts/broker';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

/** Logs an account in again with its stored credentials (POST /users/broker/reconnect); Zerodha answers a login URL. */
export function useReconnectAccount() {
  const storeAccount = useStoreAccount();
  return useMutation({
    mutationFn: (brokerId: string) => callApi(brokerContracts.reconnect, { broker_id: brokerId }),
    onSuccess: ({ account }) => storeAccount(account),
  });
}
