import { useMutation } from '@tanstack/react-query';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import { callApi } from '@/lib/api-client';
import { rememberWebhookUrl, webhookUrlOf } from '../webhook-url';
import { useStoreJsonBridge } from './json-bridge-cache';

/** Makes a new webhook key (POST /users/jsonbridge/regeneratejsonbridgekey); the old URL stops at once, the new one is answered once. */
export function useRegenerateJsonBridgeKey() {
  const store = useStoreJsonBridge();
  return useMutation({
    mutationFn: (id: string) => callApi(jsonbridgeContracts.regenerateJsonBridgeKey, { json_bridge_id: id }),
    onSuccess: async (bridge) => {
      rememberWebhookUrl(bridge.json_bridge_id, webhookUrlOf(bridge.webhook_path));
      await store(bridge);
    },
  });
}
