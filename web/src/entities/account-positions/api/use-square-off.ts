import { useMutation } from '@tanstack/react-query';
import type { AccountPosition } from '@shared/contracts/broker-trading';
import { directOrderContracts } from '@shared/contracts/orders';
import { callApi } from '@/lib/api-client';
import { useRefreshAfterOrder } from '@/entities/orders/api/use-refresh-after-order';

export interface SquareOffRequest {
  brokerId: string;
  scriptId: string;
  product: AccountPosition['product'];
}

/** Closes one position with an opposite MARKET order (POST /users/broker/direct/squareoff). */
export function useSquareOff() {
  const refreshAfterOrder = useRefreshAfterOrder();
  return useMutation({
    mutationFn: ({ brokerId, scriptId, product }: SquareOffRequest) =>
      callApi(directOrderContracts.squareOff, { broker_id: brokerId, script_id: scriptId, product }),
    onSettled: (_answer, _error, { brokerId }) => refreshAfterOrder(brokerId),
  });
}

/** Closes every open position of the account (POST /users/broker/direct/squareoffall). */
export function useSquareOffAll() {
  const refreshAfterOrder = useRefreshAfterOrder();
  return useMutation({
    mutationFn: (brokerId: string) => callApi(directOrderContracts.squareOffAll, { broker_id: brokerId }),
    onSettled: (_answer, _error, brokerId) => refreshAfterOrder(brokerId),
  });
}
