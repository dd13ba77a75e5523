import type { BrokerFunds, BrokerPosition } from '../broker-adapter';
import type { AlertSink } from '../mapping/broker-alerts';
import { normaliseBrokerOrder, type NormalisedBrokerOrder } from '../mapping/normalised-order';
import { positionProductOf } from '../mapping/position-product';
import type * as z from 'zod';
import type { kiteEquityMarginsData, KiteOrderRow, KitePositionRow } from './kite-schemas';

/** One Kite order-book row in the platform's words; the reason comes from `status_message` (§9.5). */
export function kiteOrderOf(row: KiteOrderRow, alert: AlertSink): NormalisedBrokerOrder {
  return normaliseBrokerOrder(
    'zerodha',
    {
      brokerOrderId: row.order_id,
      tag: row.tag ?? null,
      brokerStatus: row.status,
      reason: row.status_message ?? null,
      quantity: row.quantity,
      filledQuantity: row.filled_quantity,
      averagePrice: row.average_price,
      tradingSymbol: row.tradingsymbol,
      exchange: row.exchange,
      token: row.instrument_token ? String(row.instrument_token) : null,
      actionCode: row.transaction_type,
      orderTypeCode: row.order_type,
      productCode: row.product,
      price: row.price,
      triggerPrice: row.trigger_price,
    },
    alert,
  );
}

export function kitePositionOf(row: KitePositionRow, alert: AlertSink): BrokerPosition {
  return {
    tradingSymbol: row.tradingsymbol,
    exchange: row.exchange,
    product: positionProductOf('zerodha', row.product, row.exchange, alert),
    netQuantity: row.quantity,
    averagePrice: row.average_price,
    lastPrice: row.last_price,
    realisedPnl: row.realised,
    unrealisedPnl: row.unrealised,
  };
}

/** Equity margins: `net` is what is available to trade, `utilised.debits` what is in use. */
export function kiteFundsOf(margins: z.infer<typeof kiteEquityMarginsData>): BrokerFunds {
  return { available: margins.net, used: margins.utilised.debits };
}
