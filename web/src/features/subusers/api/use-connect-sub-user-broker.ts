import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectBrokerRequest } from '@shared/contracts/broker';
import { subUserContracts } from '@shared/contracts/subusers';
import { callApi } from '@/lib/api-client';
import { subUserKeys } from './sub-user-keys';

/** Connects a broker account on a sub-user's behalf (POST connectsubuserbroker); the account is the sub-user's. */
export function useConnectSubUserBroker(subUserId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connection: ConnectBrokerRequest) => callApi(subUserContracts.connectSubUserBroker, { sub_user_id: subUserId, connection }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subUserKeys.info(subUserId) }),
  });
}
