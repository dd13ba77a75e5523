import { useMutation } from '@tanstack/react-query';
import { bridgeContracts } from '@shared/contracts/bridge';
import { callApi } from '@/lib/api-client';
import { rememberWebhook } from '../just-shown-webhooks';
import { useStoreBridge } from './bridge-cache';

/** Replaces the bridge's webhook key (POST resetbridgekey): the old URL stops at once, the new one is shown once. */
export function useResetBridgeKey() {
  const storeBridge = useStoreBridge();
  return useMutation({
    mutationFn: (bridgeId: string) => callApi(bridgeContracts.resetBridgeKey, { bridge_id: bridgeId }),
    onSuccess: async (bridge) => {
      rememberWebhook(bridge);
      const { webhook_key: _key, webhook_path: _path, ...withoutKey } = bridge;
      await storeBridge(withoutKey);
    },
  });
}
