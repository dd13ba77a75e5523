import * as z from 'zod';
import type { BrokerHolding, BrokerMargin, OrderRequest } from '../broker-adapter';
import { brokerNumber } from '../http/payload-values';
import { brokerActionCode } from '../mapping/actions';
import type { OrderAddress } from '../mapping/instrument-address';
import { brokerOrderTypeCode } from '../mapping/order-types';

/**
 * Angel One's holdings (`GET portfolio/v1/getAllHolding`, §3.5: `data.holdings[]` with a `totalholding`
 * summary) and its margin calculator (`POST margin/v1/batch`: `{positions:[…]}` → `data.totalMarginRequired`).
 * Numbers may arrive as text, as everywhere on SmartAPI.
 */
export const angelHoldingRow = z.object({
  tradingsymbol: z.string(),
  exchange: z.string(),
  symboltoken: z.string().nullish(),
  isin: z.string().nullish(),
  /** Units held (settled and T1 together: the sample shows realisedquantity + t1quantity = quantity). */
  quantity: brokerNumber,
  averageprice: brokerNumber,
  ltp: brokerNumber.nullish(),
  close: brokerNumber.nullish(),
});
export type AngelHoldingRow = z.infer<typeof angelHoldingRow>;

/** An account without holdings may answer `holdings: null` (or no data at all). */
export const angelAllHoldingData = z
  .object({ holdings: z.array(angelHoldingRow).nullish() })
  .nullish()
  .transform((data) => data?.holdings ?? []);

export const angelMarginData = z.object({ totalMarginRequired: brokerNumber });

export function angelHoldingOf(row: AngelHoldingRow): BrokerHolding {
  return {
    tradingSymbol: row.tradingsymbol,
    exchange: row.exchange,
    token: row.symboltoken ?? null,
    isin: row.isin ?? null,
    quantity: row.quantity,
    averagePrice: row.averageprice,
    lastPrice: row.ltp ?? null,
    closePrice: row.close ? row.close : null,
  };
}

/** One position of the margin batch: quantity in units (lots × lot size on F&O), the token with the exchange. */
export function angelMarginBody(order: OrderRequest, address: OrderAddress & { readonly token: string }, productCode: string) {
  return {
    positions: [
      {
        exchange: address.exchange,
        qty: order.quantity,
        price: order.orderType === 'MARKET' ? 0 : (order.price ?? 0),
        productType: productCode,
        token: address.token,
        tradeType: brokerActionCode('angelone', order.action),
        orderType: brokerOrderTypeCode('angelone', order.orderType).orderType,
      },
    ],
  };
}

/** Angel's calculator says what the basket needs; what is free comes from the RMS limits (`funds`). */
export function angelMarginOf(data: z.infer<typeof angelMarginData>): BrokerMargin {
  return { required: data.totalMarginRequired, available: null };
}
