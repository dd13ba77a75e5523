import { useQuery } from '@tanstack/react-query';
import { orderHistoryContracts } from '@shared/contracts/orders';
import { orderKeys } from '@/entities/orders/api/order-keys';
import { callApi } from '@/lib/api-client';

/** One order with its status timeline and the broker's reason. */
export function useOrderDetails(orderId: string) {
  return useQuery({
    queryKey: orderKeys.details(orderId),
    queryFn: () => callApi(orderHistoryContracts.getOrderDetails, { order_id: orderId }),
  });
}
