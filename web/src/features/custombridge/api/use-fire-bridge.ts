import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridgeContracts, type MANUAL_SIGNAL_DIRECTIONS } from '@shared/contracts/bridge';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { callApi } from '@/lib/api-client';

export type ManualDirection = (typeof MANUAL_SIGNAL_DIRECTIONS)[number];

interface Fire {
  bridgeId: string;
  direction: ManualDirection;
  /** Made once per confirmation: a retried request answers the same signal, never a second one. */
  idempotencyKey: string;
}

/** Fires a direction by hand (POST placebridgeorder): stored as a signal and executed by the signal worker. */
export function useFireBridge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bridgeId, direction, idempotencyKey }: Fire) =>
      callApi(bridgeContracts.placeBridgeOrder, { bridge_id: bridgeId, direction, idempotency_key: idempotencyKey }),
    onSuccess: async (_signal, { bridgeId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bridgeKeys.list() }),
        queryClient.invalidateQueries({ queryKey: bridgeKeys.positions(bridgeId) }),
      ]);
    },
  });
}
