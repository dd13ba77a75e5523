import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { StoredOrder } from '../../data/orders/order';
import type { PlatformOrderIdOf } from './book-order-view';

/**
 * Which book rows are the platform's own orders: by the broker order id recorded with SUBMITTED, or
 * by the tag every platform order carries (an order whose outcome was unknown has no broker id yet).
 */
type KnownOrder = Pick<StoredOrder, 'order_id' | 'tag' | 'broker_order_id'>;

export function platformOrderIdsOf(orders: readonly KnownOrder[]): PlatformOrderIdOf {
  const byBrokerOrderId = new Map(orders.flatMap((order) => (order.broker_order_id === null ? [] : [[order.broker_order_id, order.order_id] as const])));
  const byTag = new Map(orders.map((order) => [order.tag, order.order_id] as const));
  return (row) => byBrokerOrderId.get(row.brokerOrderId) ?? (row.tag === null ? null : (byTag.get(row.tag) ?? null));
}

/** Tagged rows the known orders do not explain: only these can still be platform orders (placed on an earlier day). */
export function unexplainedTaggedRows(book: readonly BrokerOrder[], orderIdOf: PlatformOrderIdOf): BrokerOrder[] {
  return book.filter((row) => row.tag !== null && orderIdOf(row) === null);
}
