import type { OrderRequest } from '../broker-adapter';
import { isPending, type PaperAccountState } from './account-state';
import { heldForSale } from './holdings';
import { marginFor } from './margin';
import { findPosition, isSamePosition } from './positions';
import { ACTION_SIGN, type Action, type OrderType } from './vocabulary';

/**
 * Margin a new (or modified) order must hold while pending.
 *
 * Only the part of the order that opens or increases exposure needs margin: a sell against a long
 * position (or a buy against a short) is free up to the open quantity not already being closed by
 * other pending orders. The order is valued at the worst price it can fill at:
 * MARKET at LTP + one tick (the most slippage allowed); LIMIT buy at its price, LIMIT sell at the
 * higher of its price and LTP (it may fill at LTP on arrival); SL buy at its price, SL sell at its
 * trigger (a triggered sell fills between its price and its trigger).
 *
 * Simplification: this margin is fixed when the order is placed or modified; it is not re-valued when
 * the position it reduces changes before the order fills.
 */
const MARGIN_PRICE: Readonly<Record<OrderType, (request: OrderRequest, ltp: number) => number>> = {
  MARKET: (request, ltp) => ltp + request.instrument.tick_size,
  LIMIT: (request, ltp) => (request.action === 'BUY' ? (request.price ?? ltp) : Math.max(request.price ?? ltp, ltp)),
  SL: (request, ltp) => (request.action === 'BUY' ? (request.price ?? ltp) : Math.max(request.price ?? ltp, request.triggerPrice ?? ltp)),
};

/** Pending quantity of one action on one position, leaving out the order `exceptOrderId`. */
export function pendingQuantity(state: PaperAccountState, request: OrderRequest, action: Action, exceptOrderId: string | null): number {
  return state.orders
    .filter((order) => isPending(order) && order.id !== exceptOrderId && order.action === action)
    .filter((order) => order.product === request.product)
    .filter((order) => order.instrument.exchange === request.instrument.exchange && order.instrument.trading_symbol === request.instrument.trading_symbol)
    .reduce((sum, order) => sum + order.quantity, 0);
}

/** How much of the request only closes what is open, or sells shares held (needing no margin). */
function closingQuantity(state: PaperAccountState, request: OrderRequest, exceptOrderId: string | null): number {
  const open = findPosition(state, request.instrument, request.product)?.netQuantity ?? 0;
  const net = open + heldForSale(state, request.instrument, request.product);
  if (net === 0 || Math.sign(net) === ACTION_SIGN[request.action]) return 0;
  const alreadyClosing = pendingQuantity(state, request, request.action, exceptOrderId);
  return Math.min(request.quantity, Math.max(0, Math.abs(net) - alreadyClosing));
}

export function requiredMargin(state: PaperAccountState, request: OrderRequest, ltp: number, exceptOrderId: string | null): number {
  const opening = request.quantity - closingQuantity(state, request, exceptOrderId);
  if (opening <= 0) return 0;
  const side = request.action === 'BUY' ? 'long' : 'short';
  return marginFor(request.instrument, request.product, side, opening, MARGIN_PRICE[request.orderType](request, ltp));
}

/** Units of an equity held under a carried product (today's and the demat account's) not already offered by pending sells. */
export function sellableHoldings(state: PaperAccountState, request: OrderRequest, exceptOrderId: string | null): number {
  const bought = state.positions
    .filter((position) => isSamePosition(position, request.instrument, request.product))
    .reduce((sum, position) => sum + Math.max(0, position.netQuantity), 0);
  const held = bought + heldForSale(state, request.instrument, request.product);
  return Math.max(0, held - pendingQuantity(state, request, 'SELL', exceptOrderId));
}
