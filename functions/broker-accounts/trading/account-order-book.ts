import type { AccountOrderBook } from '../../../shared/contracts/broker-trading';
import { tradingDay } from '../../../shared/domain/market-clock';
import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { AccountOwner } from '../../data/broker-accounts-repository';
import { getOrderByBrokerOrderId } from '../../data/orders/broker-order-lookup';
import type { StoredOrder } from '../../data/orders/order';
import { listAccountOrdersOfDay } from '../../data/orders/order-listing';
import { instrumentMaster } from '../../market/instrument-master';
import { withBroker } from '../../orders/account-adapter';
import { settleOrdersFromBook } from '../../orders/refresh-orders';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { accountOrderBookOf, type PlatformOrderIdOf } from './book-order-view';
import { loadConnectedAccount } from './connected-account';
import { platformOrderIdsOf, unexplainedTaggedRows } from './platform-order-ids';
import { scriptResolverOf } from '../../broker-adapters/mapping/script-resolver';

/**
 * The account's order book as its broker reports it now, each row linked to the platform order it
 * belongs to. The same read settles the platform's own pending orders of the day (by broker id, or by
 * tag for an outcome that was unknown).
 */
/** Rows today's orders do not explain are looked up by broker order id (the paper book keeps earlier days' orders). */
async function platformOrderIdsFor(owner: AccountOwner, accountId: string, today: readonly StoredOrder[], book: readonly BrokerOrder[]): Promise<PlatformOrderIdOf> {
  const ofToday = platformOrderIdsOf(today);
  const earlier: StoredOrder[] = [];
  for (const row of unexplainedTaggedRows(book, ofToday)) {
    const order = await getOrderByBrokerOrderId(owner, accountId, row.brokerOrderId);
    if (order) earlier.push(order);
  }
  const ofEarlierDays = platformOrderIdsOf(earlier);
  return (row) => ofToday(row) ?? ofEarlierDays(row);
}

export async function readAccountOrderBook(owner: AccountOwner, accountId: string, log: Logger): Promise<AccountOrderBook> {
  const account = await loadConnectedAccount(owner, accountId);
  const now = clockNow();
  const book = await withBroker(owner, account, log, (adapter) => adapter.orderBook());
  const today = await settleOrdersFromBook(owner, await listAccountOrdersOfDay(owner, account.broker_id, tradingDay(now)), book, log);
  const orderIdOf = await platformOrderIdsFor(owner, account.broker_id, today, book);
  const resolve = scriptResolverOf(account.broker, await instrumentMaster());
  return accountOrderBookOf(account.broker, book, resolve, orderIdOf, now);
}
