import { useMutation } from '@tanstack/react-query';
import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import { useRefreshAfterOrder } from '@/entities/orders/api/use-refresh-after-order';
import { orderChangeCallOf } from '../order-change-calls';

export interface OrderChange {
  brokerId: string;
  row: AccountBookOrder;
  /** `action` and, for modify, the new order_type / quantity / price / trigger_price. */
  change: Record<string, unknown>;
}

/** Cancels, modifies or converts to MARKET a pending order of the book (updateorder or updatebrokerorder). */
export function useChangeOrder() {
  const refreshAfterOrder = useRefreshAfterOrder();
  return useMutation({
    mutationFn: ({ brokerId, row, change }: OrderChange) => {
      const call = orderChangeCallOf(row);
      return call.send({ ...call.naming(brokerId, row), ...change });
    },
    onSettled: (_answer, _error, { brokerId }) => refreshAfterOrder(brokerId),
  });
}
