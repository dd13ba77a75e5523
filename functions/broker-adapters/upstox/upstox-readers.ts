import type * as z from 'zod';
import type { BrokerFunds, BrokerPosition } from '../broker-adapter';
import type { AlertSink } from '../mapping/broker-alerts';
import { normaliseBrokerOrder, type NormalisedBrokerOrder } from '../mapping/normalised-order';
import { positionProductOf } from '../mapping/position-product';
import type { upstoxFundsData, UpstoxOrderRow, UpstoxPositionRow } from './upstox-schemas';

/** One Upstox order-book row in the platform's words; the reason comes from `status_message` (§9.5). */
export function upstoxOrderOf(row: UpstoxOrderRow, alert: AlertSink): NormalisedBrokerOrder {
  return normaliseBrokerOrder(
    'upstox',
    {
      brokerOrderId: row.order_id,
      tag: row.tag ?? null,
      brokerStatus: row.status,
      reason: row.status_message ?? null,
      quantity: row.quantity,
      filledQuantity: row.filled_quantity,
      averagePrice: row.average_price,
      tradingSymbol: row.trading_symbol ?? row.tradingsymbol ?? '',
      exchange: row.exchange,
      token: row.instrument_token,
      actionCode: row.transaction_type,
      orderTypeCode: row.order_type,
      productCode: row.product,
      price: row.price,
      triggerPrice: row.trigger_price,
    },
    alert,
  );
}

/** A short-term position; `D` reads as delivery on cash segments and carry-forward on derivatives. */
export function upstoxPositionOf(row: UpstoxPositionRow, alert: AlertSink): BrokerPosition {
  return {
    tradingSymbol: row.trading_symbol ?? row.tradingsymbol ?? '',
    exchange: row.exchange,
    product: positionProductOf('upstox', row.product, row.exchange, alert),
    netQuantity: row.quantity,
    averagePrice: row.average_price,
    lastPrice: row.last_price,
    realisedPnl: row.realised,
    unrealisedPnl: row.unrealised,
  };
}

/** Equity funds: `available_margin` is what is available to trade, `used_margin` what is in use. */
export function upstoxFundsOf(funds: z.infer<typeof upstoxFundsData>): BrokerFunds {
  return { available: funds.equity.available_margin, used: funds.equity.used_margin };
}
