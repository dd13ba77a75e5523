import { useMutation } from '@tanstack/react-query';
import { brokerContracts, type ConnectBrokerRequest } from '@shared/contracts/broker';
import { callApi } from '@/lib/api-client';
import { useStoreAccount } from './account-cache';

/** Adds a broker account (POST /users/broker/connectbroker); Zerodha answers a login URL to open next. */
export function useConnectBroker() {
  const storeAccount = useStoreAccount();
  return useMutation({
    mutationFn: (request: ConnectBrokerRequest) => callApi(brokerContracts.connectBroker, request),
    onSuccess: ({ account }) => storeAccount(account),
  });
}
