import type { OrderModification, OrderRequest } from '../broker-adapter';
import { brokerActionCode } from '../mapping/actions';
import type { OrderAddress } from '../mapping/instrument-address';
import { brokerOrderTypeCode } from '../mapping/order-types';
import { ANGEL_DURATION } from './angel-config';
import type { AngelOrderRow } from './angel-schemas';

/**
 * The JSON of `placeOrder` (§3.3): every value a string; SL goes as variety STOPLOSS + STOPLOSS_LIMIT.
 * SmartAPI documents no algo-id field (reference/brokers.md §3.3), so an automated order's `algoId` is not sent.
 */
export function angelPlaceBody(order: OrderRequest, address: OrderAddress & { readonly token: string }, productCode: string): Record<string, string> {
  const orderType = brokerOrderTypeCode('angelone', order.orderType);
  return {
    variety: orderType.variety,
    tradingsymbol: address.tradingSymbol,
    symboltoken: address.token,
    transactiontype: brokerActionCode('angelone', order.action),
    exchange: address.exchange,
    ordertype: orderType.orderType,
    producttype: productCode,
    duration: ANGEL_DURATION,
    price: order.orderType === 'MARKET' ? '0' : String(order.price ?? 0),
    ...(order.orderType === 'SL' ? { triggerprice: String(order.triggerPrice ?? 0) } : {}),
    quantity: String(order.quantity),
    ordertag: order.tag,
  };
}

/**
 * The JSON of `modifyOrder` (§3.4): Angel wants the whole order, so the current order-book row fills in
 * whatever the change leaves out.
 */
export function angelModifyBody(change: OrderModification, current: AngelOrderRow): Record<string, string> {
  const orderType = change.orderType ? brokerOrderTypeCode('angelone', change.orderType) : null;
  const price = change.price === undefined || change.price === null ? current.price : change.price;
  const triggerPrice = change.triggerPrice === undefined || change.triggerPrice === null ? current.triggerprice : change.triggerPrice;
  return {
    variety: orderType?.variety ?? current.variety,
    orderid: current.orderid,
    ordertype: orderType?.orderType ?? current.ordertype,
    producttype: current.producttype,
    duration: current.duration ?? ANGEL_DURATION,
    price: String(change.orderType === 'MARKET' ? 0 : price),
    triggerprice: String(triggerPrice),
    quantity: String(change.quantity ?? current.quantity),
    tradingsymbol: current.tradingsymbol,
    symboltoken: current.symboltoken,
    exchange: current.exchange,
  };
}
