import { tradingDay } from '../../../shared/domain/market-clock';
import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import { getOrderByBrokerOrderId } from '../../data/orders/broker-order-lookup';
import type { OrderOwner } from '../../data/orders/order';
import { listAccountOrdersOfDay } from '../../data/orders/order-listing';
import { platformOrderIdsOf } from '../../broker-accounts/trading/platform-order-ids';

/**
 * Which rows of the master's book are orders copy trading placed (a group order's master or child
 * order, a group square-off): those are never copied again. They are found the way the account page
 * finds the platform's own orders: today's orders of the account by broker order id or by tag (the
 * tag is written with the intent, before the order is sent, so even an order whose broker id is not
 * recorded yet is recognised), and a row those do not explain by its broker order id (the paper book
 * keeps earlier days' orders).
 */
export type CopyTradingTest = (row: BrokerOrder) => boolean;

/** A test for the given rows (only those are looked up), from one listing of the account's orders of the day. */
export async function copyTradingRowsOf(owner: OrderOwner, accountId: string, rows: readonly BrokerOrder[], now: Date): Promise<CopyTradingTest> {
  const today = await listAccountOrdersOfDay(owner, accountId, tradingDay(now));
  const byId = new Map(today.map((order) => [order.order_id, order]));
  const orderIdOf = platformOrderIdsOf(today);
  for (const row of rows) {
    if (orderIdOf(row) !== null) continue;
    const earlier = await getOrderByBrokerOrderId(owner, accountId, row.brokerOrderId);
    if (earlier) byId.set(earlier.order_id, earlier);
  }
  const ofEarlierDays = platformOrderIdsOf([...byId.values()]);
  return (row) => {
    const orderId = orderIdOf(row) ?? ofEarlierDays(row);
    return orderId !== null && (byId.get(orderId)?.grp_id ?? null) !== null;
  };
}
