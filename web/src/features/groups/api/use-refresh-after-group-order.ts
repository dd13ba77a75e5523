import { useQueryClient } from '@tanstack/react-query';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { orderKeys } from '@/entities/orders/api/order-keys';

/**
 * After anything that sends or changes a group's orders: the groups (counters, positions, pending
 * orders), every order list and the accounts' live data are read again at once, not at the next poll.
 */
export function useRefreshAfterGroupOrder(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: dematKeys.all }),
    ]);
  };
}
