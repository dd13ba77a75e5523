import { useQuery } from '@tanstack/react-query';
import { bridgeContracts } from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';

/** One bridge (`bridge_data`) with its up and down triggers in priority order (POST getbridgetriggers). */
export function useBridgeTriggers(bridgeId: string) {
  return useQuery({
    queryKey: bridgeKeys.triggers(bridgeId),
    queryFn: () => callApi(bridgeContracts.getBridgeTriggers, { bridge_id: bridgeId }),
  });
}
