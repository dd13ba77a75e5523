import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { OUTCOME_ACTIONS, type OutcomeAction } from '../position-actions';
import { useOrderGroupCache } from './order-group-cache';

/**
 * Enter, exit, cancel or mark-as-exited one position. Each answers the outcome with the position as it
 * now is; the row takes it at once. A retried call never places a second order (server-side).
 */
export function usePositionAction() {
  const cache = useOrderGroupCache();
  return useMutation({
    mutationFn: ({ action, ogId, opId }: { action: OutcomeAction; ogId: string; opId: string }) =>
      callApi(OUTCOME_ACTIONS[action].contract, { og_id: ogId, op_id: opId }),
    onSuccess: (outcome) => cache.storePosition(outcome.position),
  });
}
