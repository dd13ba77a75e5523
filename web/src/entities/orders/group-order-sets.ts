import type { LinkedOrder } from '@shared/contracts/orders';

/** The orders one group order placed (the master's and each child's), or one square-off order. */
export interface GroupOrderSet {
  key: string;
  /** Null for a square-off, which no group order placed. */
  groupOrderId: string | null;
  /** Master first, then the children in the order they were placed. */
  orders: readonly [LinkedOrder, ...LinkedOrder[]];
}

const placedFirst = (a: LinkedOrder, b: LinkedOrder) =>
  Number(a.grp_broker_id !== null) - Number(b.grp_broker_id !== null) || a.create_time.localeCompare(b.create_time) || a.order_id.localeCompare(b.order_id);

/**
 * Square-offs carry no group order: the closing orders of one square-off (same group, script, product
 * and side, sent within the same minute) are shown together, as the one action they were.
 */
function squareOffKey(order: LinkedOrder): string {
  return ['square-off', order.grp_id, order.script_id, order.product, order.transaction_type, order.create_time.slice(0, 16)].join('|');
}

/** Orders (newest first) gathered by the group order that placed them, the newest group order first. */
export function groupOrderSets(orders: readonly LinkedOrder[]): GroupOrderSet[] {
  const sets = new Map<string, LinkedOrder[]>();
  for (const order of orders) {
    const key = order.group_order_id ?? squareOffKey(order);
    sets.set(key, [...(sets.get(key) ?? []), order]);
  }
  return [...sets].flatMap(([key, members]) => {
    const [first, ...rest] = [...members].sort(placedFirst);
    return first ? [{ key, groupOrderId: first.group_order_id, orders: [first, ...rest] as const }] : [];
  });
}
