import { STATUS_QUANTITY_COUNTER } from '../../shared/contracts/groups';
import type { OrderStatus } from '../../shared/domain/states';
import type { GroupOrderCountsDelta } from './groups/group-order-counts';

/**
 * The counter changes that keep a group's counters equal to its orders (the orders repository writes
 * them with each order write, through `linkedOrderCountsUpdate`): every order of the group counts once in
 * `total_orders`, its quantity once in `total_quantity` and once in the counter of its current status.
 */
export function countsForNewOrder(status: OrderStatus, quantity: number): GroupOrderCountsDelta {
  return { total_orders: 1, total_quantity: quantity, [STATUS_QUANTITY_COUNTER[status]]: quantity };
}

/** An order moved from one status to another: its quantity moves between the two status counters. Null when nothing changes. */
export function countsForStatusChange(from: OrderStatus, to: OrderStatus, quantity: number): GroupOrderCountsDelta | null {
  if (from === to) return null;
  return { [STATUS_QUANTITY_COUNTER[from]]: -quantity, [STATUS_QUANTITY_COUNTER[to]]: quantity };
}

/** A pending order's quantity was modified: the total and its status counter follow. Null when nothing changes. */
export function countsForQuantityChange(status: OrderStatus, fromQuantity: number, toQuantity: number): GroupOrderCountsDelta | null {
  const change = toQuantity - fromQuantity;
  if (change === 0) return null;
  return { total_quantity: change, [STATUS_QUANTITY_COUNTER[status]]: change };
}

/** What an order counts as: its status and its quantity. */
export interface CountedOrder {
  readonly status: OrderStatus;
  readonly quantity: number;
}

/** Any change of an order (status, quantity or both): the counters move from what it counted as to what it counts as now. Null when nothing changes. */
export function countsForOrderChange(before: CountedOrder, after: CountedOrder): GroupOrderCountsDelta | null {
  const delta: Partial<Record<keyof GroupOrderCountsDelta, number>> = {};
  const add = (part: GroupOrderCountsDelta | null) => {
    for (const [counter, amount] of Object.entries(part ?? {}) as [keyof GroupOrderCountsDelta, number][]) delta[counter] = (delta[counter] ?? 0) + amount;
  };
  add(countsForStatusChange(before.status, after.status, before.quantity));
  add(countsForQuantityChange(after.status, before.quantity, after.quantity));
  const changed = Object.entries(delta).filter(([, amount]) => amount !== 0);
  return changed.length === 0 ? null : Object.fromEntries(changed);
}
