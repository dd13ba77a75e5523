import type { OrderModification, OrderRequest } from '../broker-adapter';
import { brokerActionCode } from '../mapping/actions';
import type { OrderAddress } from '../mapping/instrument-address';
import { brokerOrderTypeCode } from '../mapping/order-types';
import { KITE_MARKET_PROTECTION, KITE_VALIDITY } from './kite-config';

function priceFields(orderType: OrderRequest['orderType'], price: number | null, triggerPrice: number | null): Record<string, string> {
  const fields: Record<string, string> = {};
  if (orderType === 'MARKET') fields.market_protection = KITE_MARKET_PROTECTION;
  if (orderType !== 'MARKET' && price !== null) fields.price = String(price);
  if (orderType === 'SL' && triggerPrice !== null) fields.trigger_price = String(triggerPrice);
  return fields;
}

/**
 * The form of `POST /orders/regular` (§2.3): MARKET carries market_protection, SL carries price and trigger,
 * an automated order its exchange algo id in `algo_id` (kiteconnectjs 5.3.1). The modify form (§2.4) has no such field.
 */
export function kitePlaceForm(order: OrderRequest, address: OrderAddress, productCode: string): Record<string, string> {
  return {
    exchange: address.exchange,
    tradingsymbol: address.tradingSymbol,
    transaction_type: brokerActionCode('zerodha', order.action),
    quantity: String(order.quantity),
    product: productCode,
    order_type: brokerOrderTypeCode('zerodha', order.orderType).orderType,
    validity: KITE_VALIDITY,
    tag: order.tag,
    ...(order.algoId ? { algo_id: order.algoId } : {}),
    ...priceFields(order.orderType, order.price, order.triggerPrice),
  };
}

/** The form of `PUT /orders/regular/{id}` (§2.4): only what changes. */
export function kiteModifyForm(change: OrderModification): Record<string, string> {
  const fields: Record<string, string> = {};
  if (change.quantity !== undefined) fields.quantity = String(change.quantity);
  if (change.orderType !== undefined) {
    fields.order_type = brokerOrderTypeCode('zerodha', change.orderType).orderType;
    Object.assign(fields, priceFields(change.orderType, change.price ?? null, change.triggerPrice ?? null));
    return fields;
  }
  if (change.price !== undefined && change.price !== null) fields.price = String(change.price);
  if (change.triggerPrice !== undefined && change.triggerPrice !== null) fields.trigger_price = String(change.triggerPrice);
  return fields;
}
