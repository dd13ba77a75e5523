import type { BrokerOrder } from '../broker-adapters/broker-adapter';
import { findByTag } from '../broker-adapters/http/reconcile';
import type { OrderOwner, StoredOrder } from '../data/orders/order';
import { now } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { recordAccepted, recordBrokerView } from './order-records';

/** Looks an unsettled order's tag up in one read of the order book: SUBMITTED when found, else 'absent'. */
export async function settleByTag(owner: OrderOwner, order: StoredOrder, book: readonly BrokerOrder[], log: Logger): Promise<StoredOrder | 'absent'> {
  const found = findByTag(book, order.tag);
  if (found.kind === 'absent') return 'absent';
  if (found.duplicates.length > 0) log.error('several broker orders carry one tag', { orderId: order.order_id, tag: order.tag, count: found.duplicates.length + 1 });
  const note = `Found in the broker's order book by tag ${order.tag} as ${found.order.brokerOrderId}`;
  const submitted = await recordAccepted(owner, order, found.order.brokerOrderId, note, now());
  return recordBrokerView(owner, submitted, found.order, now());
}
