import * as z from 'zod';
import type { BrokerHolding, BrokerMargin, OrderRequest } from '../broker-adapter';
import { brokerNumber } from '../http/payload-values';
import { brokerActionCode } from '../mapping/actions';
import type { OrderAddress } from '../mapping/instrument-address';
import { fyersTypeCode } from './fyers-order-body';
import { fyersExchangeOf } from './fyers-readers';

/**
 * Fyers' holdings (`GET /api/v3/holdings` → `holdings[]` beside the envelope, with an `overall` summary;
 * `holdingType` HLD settled, T1 bought the session before) and its margin calculator
 * (`POST /api/v3/multiorder/margin` `{data:[…]}` → `data.margin_new_order` needed, `data.margin_avail` free).
 */
const fyersCode = z.union([z.number(), z.string()]).transform(String);

export const fyersHoldingRow = z.object({
  /** The symbol ticker (`NSE:SBIN-EQ`): the platform's key for Fyers, as in the books. */
  symbol: z.string(),
  segment: fyersCode.nullish(),
  isin: z.string().nullish(),
  /** Held at the start of the day; `remainingQuantity` is what is left after today's sales. */
  quantity: brokerNumber,
  remainingQuantity: brokerNumber.nullish(),
  costPrice: brokerNumber,
  ltp: brokerNumber.nullish(),
});
export type FyersHoldingRow = z.infer<typeof fyersHoldingRow>;
export const fyersHoldingsData = z.object({ holdings: z.array(fyersHoldingRow).nullish() }).transform((data) => data.holdings ?? []);

export const fyersMarginData = z
  .object({ data: z.object({ margin_avail: brokerNumber.nullish(), margin_total: brokerNumber.nullish(), margin_new_order: brokerNumber }) })
  .transform((answer) => answer.data);

/** Holdings are cash-segment rows (segment 10): their exchange reads like a book row's. */
const CASH_SEGMENT = '10';

export function fyersHoldingOf(row: FyersHoldingRow): BrokerHolding {
  return {
    tradingSymbol: row.symbol,
    exchange: fyersExchangeOf(row.symbol, row.segment ?? CASH_SEGMENT),
    token: row.symbol,
    isin: row.isin ?? null,
    quantity: row.remainingQuantity ?? row.quantity,
    averagePrice: row.costPrice,
    lastPrice: row.ltp ?? null,
    // Fyers' holdings carry no previous close.
    closePrice: null,
  };
}

/** One order of the margin calculator, priced like the place body (MARKET 0, LIMIT its price, SL both). */
export function fyersMarginBody(order: OrderRequest, address: OrderAddress, productCode: string) {
  return {
    data: [
      {
        symbol: address.tradingSymbol,
        qty: order.quantity,
        side: Number(brokerActionCode('fyers', order.action)),
        type: fyersTypeCode(order.orderType),
        productType: productCode,
        limitPrice: order.orderType === 'MARKET' ? 0 : (order.price ?? 0),
        stopLoss: 0,
        stopPrice: order.orderType === 'SL' ? (order.triggerPrice ?? 0) : 0,
        takeProfit: 0,
      },
    ],
  };
}

/** `margin_new_order`: what the order adds; `margin_avail`: what the account has free. */
export function fyersMarginOf(data: z.infer<typeof fyersMarginData>): BrokerMargin {
  return { required: data.margin_new_order, available: data.margin_avail ?? null };
}
