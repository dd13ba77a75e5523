import type { LinkedOrder } from '@shared/contracts/orders';
import { ORDER_STATUSES, type OrderStatus } from '@shared/domain/states';

/** One account's part in a group's orders: how many orders, and their quantity by status. */
export interface AccountSummary {
  order: LinkedOrder;
  orders: number;
  quantity: number;
  quantityByStatus: Readonly<Record<OrderStatus, number>>;
}

const noQuantities = (): Record<OrderStatus, number> => Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;

/** The orders summed per account (the master's first, then the children as they first appear). */
export function accountSummaries(orders: readonly LinkedOrder[]): AccountSummary[] {
  const byAccount = new Map<string, { order: LinkedOrder; orders: number; quantity: number; quantityByStatus: Record<OrderStatus, number> }>();
  for (const order of orders) {
    const summary = byAccount.get(order.broker_id) ?? { order, orders: 0, quantity: 0, quantityByStatus: noQuantities() };
    summary.orders += 1;
    summary.quantity += order.quantity;
    summary.quantityByStatus[order.status] += order.quantity;
    byAccount.set(order.broker_id, summary);
  }
  return [...byAccount.values()].sort((a, b) => Number(a.order.grp_broker_id !== null) - Number(b.order.grp_broker_id !== null));
}
