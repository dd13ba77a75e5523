import type { ModifiableOrder } from '@/entities/order-ticket/modify-values';
import { quantityUnitOf } from '@/entities/orders/lot-quantity';
import { sampleOf, scopeCall, type ChangeScope } from './change-scope';

/**
 * One account's pending order, or a whole group order (its first order standing for all), as the modify
 * form sees it. A whole order has no quantity of its own: each account keeps its own unless a new master
 * quantity is given. Group orders do not carry the script's tick; the server checks the grid and says so.
 */
export function modifiableScopeOf(scope: ChangeScope): ModifiableOrder {
  const order = sampleOf(scope);
  const { schema, naming } = scopeCall(scope);
  return {
    order_type: order.order_type,
    action: order.transaction_type,
    quantity: scope.kind === 'one' ? order.quantity : null,
    price: order.price,
    trigger_price: order.trigger_price,
    tick: null,
    unit: quantityUnitOf(order),
    call: { schema, naming },
  };
}
