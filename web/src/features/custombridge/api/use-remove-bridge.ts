import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridgeContracts, type Bridge } from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';
import { forgetWebhook } from '../just-shown-webhooks';

/** Deletes a bridge with its triggers and positions (POST removeuserbridge); refused while a position is OPEN. */
export function useRemoveBridge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bridgeId: string) => callApi(bridgeContracts.removeUserBridge, { bridge_id: bridgeId }),
    onSuccess: async ({ bridge_id: bridgeId }) => {
      forgetWebhook(bridgeId);
      queryClient.setQueryData<Bridge[]>(bridgeKeys.list(), (bridges) => bridges?.filter((bridge) => bridge.bridge_id !== bridgeId));
      queryClient.removeQueries({ queryKey: bridgeKeys.scope(bridgeId) });
      await queryClient.invalidateQueries({ queryKey: bridgeKeys.list() });
    },
  });
}
