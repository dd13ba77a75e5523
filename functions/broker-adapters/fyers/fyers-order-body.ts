import type { OrderModification, OrderRequest } from '../broker-adapter';
import { brokerActionCode } from '../mapping/actions';
import type { OrderAddress } from '../mapping/instrument-address';
import { brokerOrderTypeCode, type OrderType } from '../mapping/order-types';
import { FYERS_VALIDITY } from './fyers-config';

/** The JSON of `POST /orders/sync` (§5.3). Codes are numbers on the wire; the tables keep their text. */
export interface FyersPlaceBody {
  readonly symbol: string;
  readonly qty: number;
  readonly type: number;
  readonly side: number;
  readonly productType: string;
  readonly limitPrice: number;
  readonly stopPrice: number;
  readonly validity: string;
  readonly disclosedQty: number;
  readonly offlineOrder: boolean;
  readonly stopLoss: number;
  readonly takeProfit: number;
  readonly orderTag: string;
  readonly isSliceOrder: boolean;
}

export interface FyersModifyBody {
  readonly id: string;
  readonly type: number;
  readonly qty?: number;
  readonly limitPrice?: number;
  readonly stopPrice?: number;
}

/** Fyers `type` of a platform order type (1 limit, 2 market, 4 stop-limit). */
export const fyersTypeCode = (orderType: OrderType): number => Number(brokerOrderTypeCode('fyers', orderType).orderType);

/** MARKET sends both prices as 0 (as Fyers asks); LIMIT only the limit; SL (stop-limit) both. */
function placePrices(order: OrderRequest): { limitPrice: number; stopPrice: number } {
  return {
    limitPrice: order.orderType === 'MARKET' ? 0 : (order.price ?? 0),
    stopPrice: order.orderType === 'SL' ? (order.triggerPrice ?? 0) : 0,
  };
}

/**
 * Every field Fyers marks mandatory is sent. Not an after-market order, no slicing (the platform sends
 * what it was asked to), and no CO/BO legs — the tag would be refused with them. The v3 order API documents
 * no algo-id field (reference/brokers.md §5.3), so an automated order's `algoId` is not sent.
 */
export function fyersPlaceBody(order: OrderRequest, address: OrderAddress, productCode: string): FyersPlaceBody {
  return {
    symbol: address.tradingSymbol,
    qty: order.quantity,
    type: fyersTypeCode(order.orderType),
    side: Number(brokerActionCode('fyers', order.action)),
    productType: productCode,
    ...placePrices(order),
    validity: FYERS_VALIDITY,
    disclosedQty: 0,
    offlineOrder: false,
    stopLoss: 0,
    takeProfit: 0,
    orderTag: order.tag,
    isSliceOrder: false,
  };
}

/** Prices of a modification: a new order type clears the prices it does not use; otherwise only what changes. */
function modifyPrices(change: OrderModification): { limitPrice?: number; stopPrice?: number } {
  const prices: { limitPrice?: number; stopPrice?: number } = {};
  const price = change.price ?? null;
  const trigger = change.triggerPrice ?? null;
  if (change.orderType === 'MARKET') return { limitPrice: 0, stopPrice: 0 };
  if (change.orderType === 'LIMIT') prices.stopPrice = 0;
  if (price !== null) prices.limitPrice = price;
  if (trigger !== null && change.orderType !== 'LIMIT') prices.stopPrice = trigger;
  return prices;
}

/**
 * The JSON of `PATCH /orders/sync` (§5.4): Fyers keeps whatever is left out, but `type` is mandatory,
 * so the caller gives it (the new type, or the current one as the book reports it).
 */
export function fyersModifyBody(change: OrderModification, typeCode: number): FyersModifyBody {
  return {
    id: change.brokerOrderId,
    type: typeCode,
    ...(change.quantity === undefined ? {} : { qty: change.quantity }),
    ...modifyPrices(change),
  };
}
