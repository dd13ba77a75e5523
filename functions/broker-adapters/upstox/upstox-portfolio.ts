import * as z from 'zod';
import type { BrokerHolding, BrokerMargin, OrderRequest } from '../broker-adapter';
import { brokerNumber } from '../http/payload-values';
import { brokerActionCode } from '../mapping/actions';

/**
 * Upstox's long-term holdings (`GET /v2/portfolio/long-term-holdings`, §4.5) and its margin details
 * (`POST /v2/charges/margin`: `{instruments:[…]}` → `data.required_margin` / `data.final_margin`).
 */
export const upstoxHoldingRow = z.object({
  /** Upstox sends both spellings of the symbol. */
  trading_symbol: z.string().nullish(),
  tradingsymbol: z.string().nullish(),
  exchange: z.string(),
  instrument_token: z.string().nullish(),
  isin: z.string().nullish(),
  /** The total holding quantity (documented as such; `t1_quantity` is the part not yet delivered). */
  quantity: brokerNumber,
  average_price: brokerNumber,
  last_price: brokerNumber.nullish(),
  close_price: brokerNumber.nullish(),
});
export type UpstoxHoldingRow = z.infer<typeof upstoxHoldingRow>;
export const upstoxHoldingsData = z.array(upstoxHoldingRow).nullish().transform((rows) => rows ?? []);

/** `final_margin` is what the instruments need together, after any hedge benefit; `required_margin` before it. */
export const upstoxMarginData = z.object({ required_margin: brokerNumber, final_margin: brokerNumber.nullish() });

export function upstoxHoldingOf(row: UpstoxHoldingRow): BrokerHolding {
  return {
    tradingSymbol: row.trading_symbol ?? row.tradingsymbol ?? '',
    exchange: row.exchange,
    token: row.instrument_token ?? null,
    isin: row.isin ?? null,
    quantity: row.quantity,
    averagePrice: row.average_price,
    lastPrice: row.last_price ?? null,
    closePrice: row.close_price ? row.close_price : null,
  };
}

/** One instrument of the margin request; the price only where the order has one (it is optional). */
export function upstoxMarginBody(order: OrderRequest, instrumentKey: string, productCode: string, quantity: number) {
  return {
    instruments: [
      {
        instrument_key: instrumentKey,
        quantity,
        transaction_type: brokerActionCode('upstox', order.action),
        product: productCode,
        ...(order.orderType !== 'MARKET' && order.price !== null ? { price: order.price } : {}),
      },
    ],
  };
}

/** Upstox's margin answer says what the order needs, not what is free (that is `funds`). */
export function upstoxMarginOf(data: z.infer<typeof upstoxMarginData>): BrokerMargin {
  return { required: data.final_margin ?? data.required_margin, available: null };
}
