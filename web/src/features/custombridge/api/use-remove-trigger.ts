import { useMutation } from '@tanstack/react-query';
import { bridgeContracts } from '@shared/contracts/bridge';
import { callApi } from '@/lib/api-client';
import { useStoreTriggers } from './bridge-cache';

/** Deletes a trigger (POST removebridgetrigger); the answer holds its direction renumbered from 1. */
export function useRemoveTrigger() {
  const storeTriggers = useStoreTriggers();
  return useMutation({
    mutationFn: ({ bridgeId, triggerId }: { bridgeId: string; triggerId: string }) =>
      callApi(bridgeContracts.removeBridgeTrigger, { bridge_id: bridgeId, trigger_id: triggerId }),
    onSuccess: storeTriggers,
  });
}
