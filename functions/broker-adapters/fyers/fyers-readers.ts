import type { BrokerFunds, BrokerPosition } from '../broker-adapter';
import type { AlertSink } from '../mapping/broker-alerts';
import { normaliseBrokerOrder, type NormalisedBrokerOrder } from '../mapping/normalised-order';
import { normaliseOrderStatus, STATUS_DIALECT_OF } from '../mapping/order-status';
import { positionProductOf } from '../mapping/position-product';
import { FYERS_FUND_TITLES, FYERS_SEGMENT_EXCHANGES } from './fyers-config';
import type { FyersFundRow, FyersOrderRow, FyersPositionRow } from './fyers-schemas';

/** Fyers prefixes a client's tag with `1:` in its books; `Untagged` means none was given (§ Orders). */
const CLIENT_TAG_PREFIX = '1:';
const NO_TAG = 'Untagged';

export function fyersClientTag(orderTag: string | null | undefined): string | null {
  if (!orderTag) return null;
  const tag = orderTag.startsWith(CLIENT_TAG_PREFIX) ? orderTag.slice(CLIENT_TAG_PREFIX.length) : orderTag;
  return tag === NO_TAG || tag.endsWith(`:${NO_TAG}`) ? null : tag;
}

/** The platform exchange of a book row (`NSE:NIFTY…` on segment 11 is NFO); an unknown pair keeps the symbol's prefix. */
export function fyersExchangeOf(symbol: string, segment: string): string {
  const prefix = symbol.split(':')[0] ?? '';
  return FYERS_SEGMENT_EXCHANGES[`${prefix}|${segment}`] ?? prefix;
}

/**
 * One order-book row in the platform's words. The symbol ticker is both the trading symbol and the token:
 * it is the key the market loader stores under `broker_tokens['fyers']`, so a row maps back to its instrument.
 * `message` is kept as the reason only for orders that ended unfilled (Fyers also writes "Completed" there).
 */
export function fyersOrderOf(row: FyersOrderRow, alert: AlertSink): NormalisedBrokerOrder {
  const { status } = normaliseOrderStatus(row.status, STATUS_DIALECT_OF.fyers);
  const explainsEnd = status === 'rejected' || status === 'cancelled';
  return normaliseBrokerOrder(
    'fyers',
    {
      brokerOrderId: row.id,
      tag: fyersClientTag(row.orderTag),
      brokerStatus: row.status,
      reason: explainsEnd ? (row.message ?? null) : null,
      quantity: row.qty,
      filledQuantity: row.filledQty,
      averagePrice: row.tradedPrice,
      tradingSymbol: row.symbol,
      exchange: fyersExchangeOf(row.symbol, row.segment),
      token: row.symbol,
      actionCode: row.side,
      orderTypeCode: row.type,
      productCode: row.productType,
      price: row.limitPrice,
      triggerPrice: row.stopPrice,
    },
    alert,
  );
}

export function fyersPositionOf(row: FyersPositionRow, alert: AlertSink): BrokerPosition {
  const exchange = fyersExchangeOf(row.symbol, row.segment);
  return {
    tradingSymbol: row.symbol,
    exchange,
    product: positionProductOf('fyers', row.productType, exchange, alert),
    netQuantity: row.netQty,
    averagePrice: row.netAvg,
    lastPrice: row.ltp,
    realisedPnl: row.realized_profit,
    unrealisedPnl: row.unrealized_profit,
  };
}

/** A ledger line across both ledgers (capital and commodity); a missing line reads as 0. */
function ledgerTotal(rows: readonly FyersFundRow[], title: string): number {
  const row = rows.find((candidate) => candidate.title.trim().toLowerCase() === title.toLowerCase());
  return row ? row.equityAmount + row.commodityAmount : 0;
}

/** `fund_limit`: "Available Balance" is what can be traded with, "Utilized Amount" what is in use. */
export function fyersFundsOf(rows: readonly FyersFundRow[]): BrokerFunds {
  return { available: ledgerTotal(rows, FYERS_FUND_TITLES.available), used: ledgerTotal(rows, FYERS_FUND_TITLES.used) };
}
