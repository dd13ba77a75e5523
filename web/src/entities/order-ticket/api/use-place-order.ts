import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterOrder } from '@/entities/orders/api/use-refresh-after-order';
import { PLACE_ROUTES, type PlaceTarget } from '../place-targets';

export interface OrderPlacement {
  target: PlaceTarget;
  /** The checked request body, idempotency key included. */
  body: Record<string, unknown> & { broker_id: string };
}

/** Sends a ticket (POST /users/broker/direct/placeorder or /users/watchlist/placeorder), then refreshes the account. */
export function usePlaceOrder() {
  const refreshAfterOrder = useRefreshAfterOrder();
  return useMutation({
    mutationFn: ({ target, body }: OrderPlacement) => PLACE_ROUTES[target.via].send(body),
    onSettled: (_placed, _error, { body }) => refreshAfterOrder(body.broker_id),
  });
}
