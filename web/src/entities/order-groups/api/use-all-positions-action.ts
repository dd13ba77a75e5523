import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { ALL_ACTIONS, type AllAction } from '../position-actions';
import { useOrderGroupCache } from './order-group-cache';

/** Exit-all, cancel-all or execute-all on one group; each position's outcome is answered. */
export function useAllPositionsAction() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: ({ action, ogId }: { action: AllAction; ogId: string }) => callApi(ALL_ACTIONS[action].contract, { og_id: ogId }),
    onSuccess: () => cache.refresh(),
  });
}
