import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jsonbridgeContracts, type JsonBridge } from '@shared/contracts/jsonbridge';
import { callApi } from '@/lib/api-client';
import { jsonBridgeKeys } from './jsonbridge-keys';

/** Deletes a bridge and its key; its order group stays (POST /users/jsonbridge/deletejsonbridge). */
export function useDeleteJsonBridge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(jsonbridgeContracts.deleteJsonBridge, { json_bridge_id: id }),
    onSuccess: async ({ json_bridge_id: id }) => {
      queryClient.setQueryData<JsonBridge[]>(jsonBridgeKeys.list(), (bridges) => bridges?.filter((bridge) => bridge.json_bridge_id !== id));
      queryClient.removeQueries({ queryKey: jsonBridgeKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: jsonBridgeKeys.list() });
    },
  });
}
