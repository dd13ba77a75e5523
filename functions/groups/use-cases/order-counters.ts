import { STATUS_QUANTITY_COUNTER } from '../../../shared/contracts/groups';
import type { OrderStatus } from '../../../shared/domain/states';
import type { GroupOrderCountsDelta } from '../../data/groups-repository';

/**
 * The counter changes that keep a group's counters equal to its child orders (issue 5, part 2 writes
 * them with each order write, through `groupOrderCountsUpdate`): every child order counts once in
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
