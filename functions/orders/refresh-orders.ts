import type { BrokerOrder } from '../broker-adapters/broker-adapter';
import { getBrokerAccount } from '../data/broker-accounts-repository';
import type { OrderOwner, StoredOrder } from '../data/orders/order';
import { now as clockNow } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { withBroker } from './account-adapter';
import { recordBrokerView, recordFailed } from './order-records';
import { settleByTag } from './settle-by-tag';

/**
 * Status refresh when orders are read: every pending order that reached (or may have reached) a
 * broker is compared with one read of its account's order book (the paper book lets its market catch
 * up first). An order whose outcome is unknown — or whose request never recorded an answer — is
 * settled by its tag; once the grace period is over, an order the book does not hold never reached it.
 * An account that cannot be read is skipped: its orders answer as stored.
 */
export const UNSETTLED_GRACE_MS = 30_000;

function isPastGrace(order: StoredOrder, now: Date): boolean {
  return now.getTime() - Date.parse(order.createdAt) > UNSETTLED_GRACE_MS;
}

function needsBroker(order: StoredOrder, now: Date): boolean {
  if (order.status !== 'pending') return false;
  if (order.submission === 'SUBMITTED' || order.submission === 'UNKNOWN') return true;
  return order.submission === 'SUBMITTING' && isPastGrace(order, now);
}

async function settleFromBook(owner: OrderOwner, order: StoredOrder, book: readonly BrokerOrder[], log: Logger, now: Date): Promise<StoredOrder> {
  if (order.broker_order_id !== null) {
    const row = book.find((brokerOrder) => brokerOrder.brokerOrderId === order.broker_order_id);
    return row ? recordBrokerView(owner, order, row, now) : order;
  }
  const settled = await settleByTag(owner, order, book, log);
  if (settled !== 'absent') return settled;
  if (!isPastGrace(order, now)) return order;
  return recordFailed(owner, order, `Not placed: the broker has no order tagged ${order.tag} (${order.reason ?? 'no answer was recorded'})`, now);
}

function byAccount(orders: readonly StoredOrder[]): Map<string, StoredOrder[]> {
  const groups = new Map<string, StoredOrder[]>();
  for (const order of orders) groups.set(order.broker_id, [...(groups.get(order.broker_id) ?? []), order]);
  return groups;
}

/** Settles one account's orders against a book already read (the account page reads it anyway). */
export async function settleOrdersFromBook(owner: OrderOwner, orders: readonly StoredOrder[], book: readonly BrokerOrder[], log: Logger): Promise<StoredOrder[]> {
  const now = clockNow();
  const settled: StoredOrder[] = [];
  for (const order of orders) settled.push(needsBroker(order, now) ? await settleFromBook(owner, order, book, log, now) : order);
  return settled;
}

export async function refreshOrders(owner: OrderOwner, orders: readonly StoredOrder[], log: Logger): Promise<StoredOrder[]> {
  const now = clockNow();
  const refreshed = new Map<string, StoredOrder>();
  for (const [accountId, accountOrders] of byAccount(orders.filter((order) => needsBroker(order, now)))) {
    try {
      const account = await getBrokerAccount(owner, accountId);
      if (!account || account.status !== 'connected') continue;
      const book = await withBroker(owner, account, log, (adapter) => adapter.orderBook());
      for (const order of accountOrders) refreshed.set(order.order_id, await settleFromBook(owner, order, book, log, now));
    } catch (error) {
      log.warn('order statuses not refreshed', { accountId, error });
    }
  }
  return orders.map((order) => refreshed.get(order.order_id) ?? order);
}

export async function refreshOrder(owner: OrderOwner, order: StoredOrder, log: Logger): Promise<StoredOrder> {
  const [refreshed] = await refreshOrders(owner, [order], log);
  return refreshed ?? order;
}
