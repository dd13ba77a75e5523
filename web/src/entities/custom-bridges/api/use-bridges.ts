import { useQuery } from '@tanstack/react-query';
import { bridgeContracts } from '@shared/contracts/bridge';
import { callApi } from '@/lib/api-client';
import { bridgeKeys } from './bridge-keys';

/** The caller's custom bridges, oldest first, with their figures (GET /users/bridge/getuserbridge). */
export function useBridges() {
  return useQuery({
    queryKey: bridgeKeys.list(),
    queryFn: () => callApi(bridgeContracts.getUserBridge, {}),
  });
}
