import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import type { ModifiableOrder } from '@/entities/order-ticket/modify-values';
import { quantityUnitOf } from '@/entities/orders/lot-quantity';
import { orderChangeCallOf } from './order-change-calls';

/** A row of the account's order book as the modify form sees it: checked against the call that changes it. */
export function modifiableRowOf(brokerId: string, row: AccountBookOrder): ModifiableOrder {
  const call = orderChangeCallOf(row);
  return {
    order_type: row.order_type,
    action: row.action,
    quantity: row.quantity,
    price: row.price,
    trigger_price: row.trigger_price,
    tick: row.tick_size,
    unit: quantityUnitOf(row),
    call: { schema: call.schema, naming: call.naming(brokerId, row) },
  };
}
