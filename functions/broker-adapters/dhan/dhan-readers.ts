import type * as z from 'zod';
import type { BrokerFunds, BrokerPosition } from '../broker-adapter';
import type { AlertSink } from '../mapping/broker-alerts';
import { platformExchangeOf } from '../mapping/exchanges';
import { normaliseBrokerOrder, type NormalisedBrokerOrder } from '../mapping/normalised-order';
import { positionProductOf } from '../mapping/position-product';
import type { DhanOrderRow, DhanPositionRow, dhanFundsData } from './dhan-schemas';

/** Dhan names segments (NSE_EQ, NSE_FNO…); rows report the platform exchange, or the segment when the tables do not know it. */
function exchangeOf(segment: string): string {
  return platformExchangeOf('dhan', segment) ?? segment;
}

/** One Dhan order-book row in the platform's words; the tag is `correlationId`, the reason `omsErrorDescription` (§6.5, §9.5). */
export function dhanOrderOf(row: DhanOrderRow, alert: AlertSink): NormalisedBrokerOrder {
  return normaliseBrokerOrder(
    'dhan',
    {
      brokerOrderId: row.orderId,
      tag: row.correlationId ?? null,
      brokerStatus: row.orderStatus,
      reason: row.omsErrorDescription ?? null,
      quantity: row.quantity,
      filledQuantity: row.filledQty ?? 0,
      averagePrice: row.averageTradedPrice ?? 0,
      tradingSymbol: row.tradingSymbol ?? '',
      exchange: exchangeOf(row.exchangeSegment),
      token: row.securityId,
      actionCode: row.transactionType,
      orderTypeCode: row.orderType,
      productCode: row.productType,
      price: row.price ?? 0,
      triggerPrice: row.triggerPrice ?? 0,
    },
    alert,
  );
}

/** The net average: `costPrice`, else the day average of the side held. */
function averagePriceOf(row: DhanPositionRow): number {
  if (row.costPrice) return row.costPrice;
  return (row.netQty >= 0 ? row.buyAvg : row.sellAvg) ?? 0;
}

/**
 * Dhan positions carry no last price; for an open position it follows from the unrealised P&L
 * (netQty × (last − average)) [UNVERIFIED for MCX, whose P&L may leave out the multiplier]. Closed: 0.
 */
function lastPriceOf(row: DhanPositionRow, averagePrice: number): number {
  return row.netQty === 0 ? 0 : averagePrice + (row.unrealizedProfit ?? 0) / row.netQty;
}

export function dhanPositionOf(row: DhanPositionRow, alert: AlertSink): BrokerPosition {
  const averagePrice = averagePriceOf(row);
  return {
    tradingSymbol: row.tradingSymbol,
    exchange: exchangeOf(row.exchangeSegment),
    product: positionProductOf('dhan', row.productType, row.exchangeSegment, alert),
    netQuantity: row.netQty,
    averagePrice,
    lastPrice: lastPriceOf(row, averagePrice),
    realisedPnl: row.realizedProfit ?? 0,
    unrealisedPnl: row.unrealizedProfit ?? 0,
  };
}

/** Fund limits: `availabelBalance` (sic) is what can be traded with, `utilizedAmount` what is in use. */
export function dhanFundsOf(funds: z.infer<typeof dhanFundsData>): BrokerFunds {
  return { available: funds.availabelBalance, used: funds.utilizedAmount ?? 0 };
}
