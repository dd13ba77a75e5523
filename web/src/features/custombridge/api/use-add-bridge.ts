import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridgeContracts } from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';
import { rememberWebhook } from '../just-shown-webhooks';

/** Creates a bridge (POST adduserbridge); its webhook URL, answered only now, is kept in memory for this visit. */
export function useAddBridge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(bridgeContracts.addUserBridge, { bridge_name: name }),
    onSuccess: (bridge) => {
      rememberWebhook(bridge);
      // Not awaited: the once-shown URL appears as soon as the server answers, while the list refreshes behind it.
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.list() });
    },
  });
}
