import { useMutation } from '@tanstack/react-query';
import { bridgeContracts } from '@shared/contracts/bridge';
import { callApi } from '@/lib/api-client';
import { useStoreBridge } from './bridge-cache';

/** Renames a bridge (POST updatebridgename). */
export function useRenameBridge() {
  const storeBridge = useStoreBridge();
  return useMutation({
    mutationFn: ({ bridgeId, name }: { bridgeId: string; name: string }) => callApi(bridgeContracts.updateBridgeName, { bridge_id: bridgeId, bridge_name: name }),
    onSuccess: storeBridge,
  });
}
