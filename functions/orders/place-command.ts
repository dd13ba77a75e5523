import type { PlaceOrderRequest } from '../../shared/contracts/orders';
import type { Instrument } from '../../shared/domain/instruments';
import type { PlaceOrderCommand } from './place-order';
import { ticketFromFields } from './order-ticket';

/** The use-case's command from a place-order request body and the instrument its script names. */
export function placeCommandOf(body: Omit<PlaceOrderRequest, 'script_id' | 'broker_id'>, instrument: Instrument): PlaceOrderCommand {
  return {
    ticket: ticketFromFields(instrument, { ...body, price: body.price ?? null, trigger_price: body.trigger_price ?? null }),
    idempotencyKey: body.idempotency_key,
  };
}

/** The human message of a placement. */
export function placementMessage(order: { readonly status: string; readonly reason: string | null }): string {
  if (order.status === 'rejected') return `Order rejected: ${order.reason ?? 'no reason given'}`;
  if (order.status === 'failed') return `Order failed: ${order.reason ?? 'no reason given'}`;
  return 'Order placed';
}
