import type { OrderModification, OrderRequest } from '../broker-adapter';
import { brokerActionCode } from '../mapping/actions';
import { brokerOrderTypeCode, platformOrderTypeOf, type OrderType } from '../mapping/order-types';
import { DHAN_VALIDITY } from './dhan-config';
import type { DhanOrderRow } from './dhan-schemas';

/** How Dhan addresses an instrument: exchange segment + security id from its scrip master (§6.3). */
export interface DhanInstrumentAddress {
  readonly exchangeSegment: string;
  readonly securityId: string;
}

/**
 * Dhan takes both prices on every order (the SDK sends 0 for what does not apply): MARKET has no price,
 * only SL a trigger. A code the tables do not know (null, e.g. STOP_LOSS_MARKET placed elsewhere) keeps both.
 */
function prices(orderType: OrderType | null, price: number, triggerPrice: number): { price: number; triggerPrice: number } {
  if (orderType === 'MARKET') return { price: 0, triggerPrice: 0 };
  return { price, triggerPrice: orderType === 'LIMIT' ? 0 : triggerPrice };
}

/** The JSON of `POST /v2/orders` (§6.3): numbers as numbers, `securityId` as text, the tag as `correlationId`. */
export function dhanPlaceBody(order: OrderRequest, address: DhanInstrumentAddress, productCode: string, clientId: string): Record<string, unknown> {
  return {
    dhanClientId: clientId,
    correlationId: order.tag,
    transactionType: brokerActionCode('dhan', order.action),
    exchangeSegment: address.exchangeSegment,
    productType: productCode,
    orderType: brokerOrderTypeCode('dhan', order.orderType).orderType,
    validity: DHAN_VALIDITY,
    securityId: address.securityId,
    quantity: order.quantity,
    disclosedQuantity: 0,
    ...prices(order.orderType, order.price ?? 0, order.triggerPrice ?? 0),
    afterMarketOrder: false,
    // The exchange algo id of an automated order: Dhan's order rows carry it as `algoId` (reference §6.5); the modify body (§6.4) has none.
    ...(order.algoId ? { algoId: order.algoId } : {}),
  };
}

/** Cover and bracket orders are modified leg by leg; the platform only ever moves the entry leg. */
const LEGGED_PRODUCTS = new Set(['CO', 'BO']);

/**
 * The JSON of `PUT /v2/orders/{id}` (§6.4): Dhan wants the whole ticket, so the current order-book row
 * fills in whatever the change leaves out.
 */
export function dhanModifyBody(change: OrderModification, current: DhanOrderRow, clientId: string): Record<string, unknown> {
  const orderType = change.orderType ?? platformOrderTypeOf('dhan', current.orderType);
  const price = change.price ?? current.price ?? 0;
  const triggerPrice = change.triggerPrice ?? current.triggerPrice ?? 0;
  return {
    dhanClientId: clientId,
    orderId: current.orderId,
    orderType: change.orderType ? brokerOrderTypeCode('dhan', change.orderType).orderType : current.orderType,
    ...(LEGGED_PRODUCTS.has(current.productType) ? { legName: current.legName || 'ENTRY_LEG' } : {}),
    quantity: change.quantity ?? current.quantity,
    disclosedQuantity: current.disclosedQuantity ?? 0,
    ...prices(orderType, price, triggerPrice),
    validity: current.validity || DHAN_VALIDITY,
  };
}
