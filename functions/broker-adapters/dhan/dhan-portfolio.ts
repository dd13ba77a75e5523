import * as z from 'zod';
import type { BrokerHolding, BrokerMargin, OrderRequest } from '../broker-adapter';
import { brokerId, brokerNumber } from '../http/payload-values';
import { brokerActionCode } from '../mapping/actions';
import type { DhanInstrumentAddress } from './dhan-order-body';

/**
 * Dhan's holdings (`GET /v2/holdings`, a bare array) and margin calculator (`POST /v2/margincalculator`,
 * one order → `totalMargin`, `availableBalance`, …). The documented holdings row carries no last price
 * (`lastTradedPrice` is read when a newer answer has it) and names the exchange `ALL`.
 */
export const dhanHoldingRow = z.object({
  exchange: z.string(),
  tradingSymbol: z.string(),
  securityId: brokerId,
  isin: z.string().nullish(),
  /** Settled and T1 together (`dpQty` + `t1Qty`). */
  totalQty: brokerNumber,
  avgCostPrice: brokerNumber,
  lastTradedPrice: brokerNumber.nullish(),
});
export type DhanHoldingRow = z.infer<typeof dhanHoldingRow>;
export const dhanHoldingsData = z.array(dhanHoldingRow);

/** Dhan answers an account without holdings with this error code rather than an empty list. */
export const DHAN_NO_HOLDINGS_CODE = 'DH-1111';

export const dhanMarginData = z.object({ totalMargin: brokerNumber, availableBalance: brokerNumber.nullish() });

/**
 * Holdings are cash-market shares listed on both exchanges (`ALL`): they are named as NSE shares, whose
 * security ids the master keeps under NSE_EQ.
 */
const HOLDINGS_SEGMENT = 'NSE_EQ';

export function dhanHoldingOf(row: DhanHoldingRow): BrokerHolding {
  return {
    tradingSymbol: row.tradingSymbol,
    exchange: row.exchange === 'ALL' ? HOLDINGS_SEGMENT : row.exchange,
    token: row.securityId,
    isin: row.isin ?? null,
    quantity: row.totalQty,
    averagePrice: row.avgCostPrice,
    lastPrice: row.lastTradedPrice ?? null,
    closePrice: null,
  };
}

/** The margin calculator's one order: the place body's ticket fields, with the trigger only for SL. */
export function dhanMarginBody(order: OrderRequest, address: DhanInstrumentAddress, productCode: string, clientId: string) {
  return {
    dhanClientId: clientId,
    exchangeSegment: address.exchangeSegment,
    transactionType: brokerActionCode('dhan', order.action),
    quantity: order.quantity,
    productType: productCode,
    securityId: address.securityId,
    price: order.orderType === 'MARKET' ? 0 : (order.price ?? 0),
    ...(order.orderType === 'SL' ? { triggerPrice: order.triggerPrice ?? 0 } : {}),
  };
}

/** Dhan says both what the order needs and what the account has free. */
export function dhanMarginOf(data: z.infer<typeof dhanMarginData>): BrokerMargin {
  return { required: data.totalMargin, available: data.availableBalance ?? null };
}
