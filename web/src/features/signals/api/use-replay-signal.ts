import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signalContracts } from '@shared/contracts/signals';
import { callApi } from '@/lib/api-client';
import { signalKeys } from './signal-keys';

/** Sends a failed signal to the worker again (POST replaysignal), then reads the log again. */
export function useReplaySignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signalId: string) => callApi(signalContracts.replaySignal, { signal_id: signalId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signalKeys.all }),
  });
}
