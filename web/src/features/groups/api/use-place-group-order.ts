import { useMutation } from '@tanstack/react-query';
import { groupOrderContracts, groupPlaceOrderRequestSchema } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { checkedRequest } from '@/lib/request-check';
import { useRefreshAfterGroupOrder } from './use-refresh-after-group-order';

/** Sends a group ticket to the master and every trading child (POST /users/broker/group/placeorder), then refreshes. */
export function usePlaceGroupOrder() {
  const refresh = useRefreshAfterGroupOrder();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => callApi(groupOrderContracts.placeOrder, checkedRequest(groupPlaceOrderRequestSchema, body)),
    onSettled: refresh,
  });
}
