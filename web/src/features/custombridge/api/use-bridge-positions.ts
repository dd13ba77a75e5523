import { useQueries } from '@tanstack/react-query';
import { bridgeContracts, type Bridge } from '@shared/contracts/bridge';
import type { Position } from '@shared/contracts/ordermanager';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';
import { positionsRefreshInterval } from '../bridge-positions-polling';

/** Each bridge's positions (POST getbridgepositions per bridge), polled while that bridge has a live one. */
export function useBridgePositions(bridges: readonly Bridge[]) {
  return useQueries({
    queries: bridges.map((bridge) => ({
      queryKey: bridgeKeys.positions(bridge.bridge_id),
      queryFn: () => callApi(bridgeContracts.getBridgePositions, { bridge_id: bridge.bridge_id }),
      refetchInterval: (query: { state: { data: Position[] | undefined } }) => positionsRefreshInterval(query.state.data),
    })),
  });
}
