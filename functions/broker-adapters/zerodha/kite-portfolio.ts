import * as z from 'zod';
import type { BrokerHolding, BrokerMargin, OrderRequest } from '../broker-adapter';
import { brokerNumber } from '../http/payload-values';
import { brokerActionCode } from '../mapping/actions';
import type { OrderAddress } from '../mapping/instrument-address';
import { brokerOrderTypeCode } from '../mapping/order-types';

/**
 * Kite's holdings (`GET /portfolio/holdings`, §2.5) and order margins (`POST /margins/orders`, JSON,
 * §2.2): the answers' shapes and their reading in the platform's words.
 */
export const kiteHoldingRow = z.object({
  tradingsymbol: z.string(),
  exchange: z.string(),
  instrument_token: z.union([z.number(), z.string()]).nullish(),
  isin: z.string().nullish(),
  /** Settled quantity; what was bought the session before is still `t1_quantity`. */
  quantity: brokerNumber,
  t1_quantity: brokerNumber.default(0),
  average_price: brokerNumber,
  last_price: brokerNumber.nullish(),
  close_price: brokerNumber.nullish(),
});
export type KiteHoldingRow = z.infer<typeof kiteHoldingRow>;
export const kiteHoldingsData = z.array(kiteHoldingRow).nullish().transform((rows) => rows ?? []);

/** One entry per order asked about; `total` is what the order needs. */
export const kiteOrderMarginsData = z.array(z.object({ tradingsymbol: z.string(), total: brokerNumber })).min(1);

/** A holding's units are the settled and the T1 quantity together; a 0 close (a new listing) is no close. */
export function kiteHoldingOf(row: KiteHoldingRow): BrokerHolding {
  return {
    tradingSymbol: row.tradingsymbol,
    exchange: row.exchange,
    token: row.instrument_token ? String(row.instrument_token) : null,
    isin: row.isin ?? null,
    quantity: row.quantity + row.t1_quantity,
    averagePrice: row.average_price,
    lastPrice: row.last_price ?? null,
    closePrice: row.close_price ? row.close_price : null,
  };
}

/** The order as `POST /margins/orders` takes it: the place form's fields, as numbers, with 0 for an absent price. */
export function kiteMarginOrder(order: OrderRequest, address: OrderAddress, productCode: string): Record<string, unknown> {
  return {
    exchange: address.exchange,
    tradingsymbol: address.tradingSymbol,
    transaction_type: brokerActionCode('zerodha', order.action),
    variety: 'regular',
    product: productCode,
    order_type: brokerOrderTypeCode('zerodha', order.orderType).orderType,
    quantity: order.quantity,
    price: order.orderType === 'MARKET' ? 0 : (order.price ?? 0),
    trigger_price: order.orderType === 'SL' ? (order.triggerPrice ?? 0) : 0,
  };
}

/** Kite's margin answer says what the order needs, not what is free (that is `funds`). */
export function kiteMarginOf(margins: z.infer<typeof kiteOrderMarginsData>): BrokerMargin {
  return { required: margins.reduce((sum, entry) => sum + entry.total, 0), available: null };
}
