import { useQueryClient } from '@tanstack/react-query';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { orderKeys } from './order-keys';

/**
 * After anything that sends or changes an order: the account's positions, book and funds and every
 * order list are read again at once, not at the next poll.
 */
export function useRefreshAfterOrder(): (brokerId: string) => Promise<void> {
  const queryClient = useQueryClient();
  return async (brokerId) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: dematKeys.live(brokerId) }),
      queryClient.invalidateQueries({ queryKey: dematKeys.account(brokerId) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    ]);
  };
}
