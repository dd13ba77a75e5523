import type { AccountBookOrder, AccountOrderBook } from '../../../shared/contracts/broker-trading';
import type { BrokerKind } from '../../../shared/domain/brokers';
import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { ScriptResolver } from '../../broker-adapters/mapping/script-resolver';

/**
 * The order book as `/demat/{broker_id}` shows it. The port's rows carry no time, so the order of
 * the broker's list is all there is: where it is known to be the order of placement it is turned
 * round (newest first), elsewhere it is shown as given.
 */
type BookListing = 'oldest-first' | 'as-given';

export const BOOK_LISTING: Readonly<Record<BrokerKind, BookListing>> = {
  /** The paper book appends each order it takes. */
  paper: 'oldest-first',
  /** Kite's `GET /orders` lists the day's orders as they were placed. */
  zerodha: 'oldest-first',
  angelone: 'as-given',
  upstox: 'as-given',
  fyers: 'as-given',
  dhan: 'as-given',
};

/** The platform order a row belongs to, or null for an order placed elsewhere. */
export type PlatformOrderIdOf = (row: BrokerOrder) => string | null;

/** A row the master knows is named by the platform's symbol; an unresolved one keeps the broker's. */
export function toAccountBookOrder(row: BrokerOrder, resolve: ScriptResolver, orderIdOf: PlatformOrderIdOf): AccountBookOrder {
  const { instrument, exchange } = resolve({ exchange: row.exchange, tradingSymbol: row.tradingSymbol, token: row.token });
  return {
    broker_order_id: row.brokerOrderId,
    order_id: orderIdOf(row),
    script_id: instrument?.script_id ?? null,
    trading_symbol: instrument?.trading_symbol ?? row.tradingSymbol,
    exchange,
    status: row.status,
    broker_status: row.brokerStatus,
    reason: row.reason,
    action: row.action,
    order_type: row.orderType,
    product: row.product,
    quantity: row.quantity,
    filled_quantity: row.filledQuantity,
    lot_size: instrument?.lot_size ?? null,
    price: row.price,
    trigger_price: row.triggerPrice,
    average_price: row.averagePrice,
    tick_size: instrument?.tick_size ?? null,
  };
}

export function newestFirst<Row>(broker: BrokerKind, rows: readonly Row[]): Row[] {
  return BOOK_LISTING[broker] === 'oldest-first' ? [...rows].reverse() : [...rows];
}

export function accountOrderBookOf(
  broker: BrokerKind,
  book: readonly BrokerOrder[],
  resolve: ScriptResolver,
  orderIdOf: PlatformOrderIdOf,
  readAt: Date,
): AccountOrderBook {
  return { orders: newestFirst(broker, book).map((row) => toAccountBookOrder(row, resolve, orderIdOf)), read_at: readAt.toISOString() };
}
