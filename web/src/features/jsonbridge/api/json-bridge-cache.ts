import { useQueryClient } from '@tanstack/react-query';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { jsonBridgeKeys } from './jsonbridge-keys';

/** Puts a bridge the server answered into the cache (its page and its row in the list), then reads the bridge's data again. */
export function useStoreJsonBridge(): (bridge: JsonBridge) => Promise<void> {
  const queryClient = useQueryClient();
  return async (answered) => {
    // Answers that carry the key are wider than the bridge; the cache keeps only the bridge's own fields.
    const bridge: JsonBridge = {
      json_bridge_id: answered.json_bridge_id,
      json_bridge_name: answered.json_bridge_name,
      og_id: answered.og_id,
      og_is_connected: answered.og_is_connected,
      target: answered.target,
      og_place_order: answered.og_place_order,
      key_created_at: answered.key_created_at,
      created_at: answered.created_at,
      updated_at: answered.updated_at,
    };
    queryClient.setQueryData(jsonBridgeKeys.detail(bridge.json_bridge_id), bridge);
    queryClient.setQueryData<JsonBridge[]>(jsonBridgeKeys.list(), (bridges) => {
      if (!bridges) return bridges;
      const isKnown = bridges.some((known) => known.json_bridge_id === bridge.json_bridge_id);
      return isKnown ? bridges.map((known) => (known.json_bridge_id === bridge.json_bridge_id ? bridge : known)) : [...bridges, bridge];
    });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: jsonBridgeKeys.list() }),
      queryClient.invalidateQueries({ queryKey: jsonBridgeKeys.orderGroup(bridge.json_bridge_id) }),
    ]);
  };
}
