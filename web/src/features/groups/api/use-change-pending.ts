import { useMutation } from '@tanstack/react-query';
import { scopeCall, type ChangeScope } from '../change-scope';
import { useRefreshAfterGroupOrder } from './use-refresh-after-group-order';

export interface PendingChange {
  scope: ChangeScope;
  /** `action` and, for modify, the new order_type / quantity / price / trigger_price. */
  change: Record<string, unknown>;
}

/** Cancels, modifies or converts to MARKET one pending order of a group or a whole group order, then refreshes. */
export function useChangePending() {
  const refresh = useRefreshAfterGroupOrder();
  return useMutation({
    mutationFn: ({ scope, change }: PendingChange) => {
      const call = scopeCall(scope);
      return call.send({ ...call.naming, ...change });
    },
    onSettled: refresh,
  });
}
