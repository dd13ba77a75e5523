import { useMutation } from '@tanstack/react-query';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import { callApi } from '@/lib/api-client';
import { rememberWebhookUrl, webhookUrlOf } from '../webhook-url';
import { useStoreJsonBridge } from './json-bridge-cache';

/** Creates a bridge, unconnected with place-order on (POST /users/jsonbridge/addjsonbridge); the answer carries its webhook key once. */
export function useAddJsonBridge() {
  const store = useStoreJsonBridge();
  return useMutation({
    mutationFn: (name: string) => callApi(jsonbridgeContracts.addJsonBridge, { json_bridge_name: name }),
    onSuccess: async (bridge) => {
      rememberWebhookUrl(bridge.json_bridge_id, webhookUrlOf(bridge.webhook_path));
      await store(bridge);
    },
  });
}
