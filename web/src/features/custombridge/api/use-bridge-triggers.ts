import { useQuery } from '@tanstack/react-query';
import { bridgeContracts } from '../../../../../shared/contracts/bridge';
import { callApi } from '../../../lib/api-client';
import { bridgeKeys } from './bridge-keys';

/** One bridge (`bridge_data`) with its up and down triggers in priority order (POST getbridgetriggers). */
export function useBridgeTriggers(bridgeId: string) {
  return useQuery({
    queryKey: bridgeKeys.triggers(bridgeId),
    queryFn: () => callApi(bridgeContracts.getBridgeTriggers, { bridge_id: bridgeId }),
  });
}
