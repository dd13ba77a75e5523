import type { Instrument } from '../../../shared/domain/instruments';
import type { OrderModification, OrderRequest } from '../broker-adapter';
import { brokerActionCode } from '../mapping/actions';
import { brokerExchangeCode } from '../mapping/exchanges';
import { brokerOrderTypeCode } from '../mapping/order-types';
import { UPSTOX_LOT_QUANTITY_EXCHANGES, UPSTOX_VALIDITY } from './upstox-config';
import type { UpstoxOrderRow } from './upstox-schemas';

/** Order-type codes that carry a limit price, and those that carry a trigger (Upstox also knows SL-M, from orders placed elsewhere). */
const PRICED_CODES = new Set(['LIMIT', 'SL']);
const TRIGGERED_CODES = new Set(['SL', 'SL-M']);

/** The instrument-key prefixes (`MCX_FO|…`) of the segments whose quantity Upstox counts in lots. */
const LOT_QUANTITY_PREFIXES = UPSTOX_LOT_QUANTITY_EXCHANGES.map((exchange) => `${brokerExchangeCode('upstox', exchange)}|`);

/**
 * The quantity Upstox expects for `units` of the instrument: lots on commodity segments, units elsewhere
 * (§1.6, §4.3). Null when the units are not whole lots there (sending them would buy the wrong size).
 */
export function upstoxQuantityOf(instrument: Instrument, units: number): number | null {
  if (!UPSTOX_LOT_QUANTITY_EXCHANGES.includes(instrument.exchange)) return units;
  return units % instrument.lot_size === 0 ? units / instrument.lot_size : null;
}

/** Whether an order on this instrument key counts its quantity in lots (so a unit count cannot be sent as is). */
export function countsInLots(instrumentKey: string): boolean {
  return LOT_QUANTITY_PREFIXES.some((prefix) => instrumentKey.startsWith(prefix));
}

/**
 * The JSON of `POST /v3/order/place` (§4.3): keyed by instrument_token (the key names the segment, there is
 * no exchange field); MARKET goes with price 0, SL with price and trigger. Never auto-sliced, so one
 * request is one order and its tag finds exactly it.
 */
export function upstoxPlaceBody(order: OrderRequest, instrumentKey: string, productCode: string, quantity: number): Record<string, unknown> {
  return {
    quantity,
    product: productCode,
    validity: UPSTOX_VALIDITY,
    price: order.orderType === 'MARKET' ? 0 : (order.price ?? 0),
    tag: order.tag,
    instrument_token: instrumentKey,
    order_type: brokerOrderTypeCode('upstox', order.orderType).orderType,
    transaction_type: brokerActionCode('upstox', order.action),
    disclosed_quantity: 0,
    trigger_price: order.orderType === 'SL' ? (order.triggerPrice ?? 0) : 0,
    is_amo: false,
    slice: false,
  };
}

/**
 * The JSON of `PUT /v3/order/modify` (§4.4): validity, price, order type and trigger are required, so the
 * order as Upstox holds it fills in whatever the change leaves out.
 */
export function upstoxModifyBody(change: OrderModification, current: UpstoxOrderRow): Record<string, unknown> {
  const orderType = change.orderType ? brokerOrderTypeCode('upstox', change.orderType).orderType : current.order_type;
  const price = change.price ?? current.price;
  const triggerPrice = change.triggerPrice ?? current.trigger_price;
  return {
    order_id: current.order_id,
    quantity: change.quantity ?? current.quantity,
    validity: current.validity ?? UPSTOX_VALIDITY,
    price: PRICED_CODES.has(orderType) ? price : 0,
    order_type: orderType,
    disclosed_quantity: current.disclosed_quantity,
    trigger_price: TRIGGERED_CODES.has(orderType) ? triggerPrice : 0,
  };
}

/** The exchange algo id of an automated order: Upstox wants it in the `X-Algo-Name` header of order calls (reference/products.md §4). */
export const UPSTOX_ALGO_HEADER = 'X-Algo-Name';

export function upstoxAlgoHeaders(algoId: string | undefined): Readonly<Record<string, string>> {
  return algoId ? { [UPSTOX_ALGO_HEADER]: algoId } : {};
}
