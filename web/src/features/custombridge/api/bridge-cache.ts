import { useQueryClient } from '@tanstack/react-query';
import type { Bridge, BridgeTriggers } from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';

/** Puts a bridge the server answered into the list and into its triggers' `bridge_data`, then marks the list stale. */
export function useStoreBridge(): (bridge: Bridge) => Promise<void> {
  const queryClient = useQueryClient();
  return async (bridge) => {
    queryClient.setQueryData<Bridge[]>(bridgeKeys.list(), (bridges) => bridges?.map((existing) => (existing.bridge_id === bridge.bridge_id ? bridge : existing)));
    queryClient.setQueryData<BridgeTriggers>(bridgeKeys.triggers(bridge.bridge_id), (triggers) => triggers && { ...triggers, bridge_data: bridge });
    await queryClient.invalidateQueries({ queryKey: bridgeKeys.list() });
  };
}

/** Puts the triggers the server answered (after a delete or a reorder: renumbered) in place, and the list's counts go stale. */
export function useStoreTriggers(): (triggers: BridgeTriggers) => Promise<void> {
  const queryClient = useQueryClient();
  return async (triggers) => {
    queryClient.setQueryData(bridgeKeys.triggers(triggers.bridge_data.bridge_id), triggers);
    await queryClient.invalidateQueries({ queryKey: bridgeKeys.list() });
  };
}
