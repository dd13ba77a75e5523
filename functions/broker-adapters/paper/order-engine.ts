import type { Instrument } from '../../../shared/domain/instruments';
import type { OrderModification, OrderRequest, PlaceOutcome } from '../broker-adapter';
import { isPending, nextId, type PaperAccountState, type PaperOrder } from './account-state';
import { matchOrder } from './fills';
import { closeOrder, fillOrder, findOrder, newOrder, withOrder } from './order-book';
import { REGULAR_MARKET_HOURS, type MarketHours } from './market-hours';
import { requiredMargin } from './order-margin';
import { rejectionOf } from './order-rules';

/**
 * The paper exchange's order engine: a pure state machine over a paper account. Orders move
 * pending → completed | cancelled | rejected (the platform's statuses); only pending orders can be
 * modified or cancelled. Every function returns a new state, or the very same state object when
 * nothing changed (so a caller can skip the write).
 *
 * Simplification: orders are DAY orders; an order still pending at its session's close expires
 * (cancelled, with the reason). No after-market orders, no GTT, no iceberg or bracket orders.
 */
export type PriceOf = (instrument: Instrument, at: Date) => number;

export interface EngineStep<Outcome> {
  readonly state: PaperAccountState;
  readonly outcome: Outcome;
}

export type OrderChangeOutcome = { readonly kind: 'done' } | { readonly kind: 'rejected'; readonly reason: string };

/** Match one order against the LTP: fill it, mark it triggered, or leave the state untouched. */
function matchInBook(state: PaperAccountState, order: PaperOrder, ltp: number, now: Date, arriving: boolean): PaperAccountState {
  const decision = matchOrder(order, ltp, arriving);
  if (decision.kind === 'fill') return fillOrder(state, order, decision.price, now);
  if (decision.triggered === order.triggered) return state;
  return withOrder(state, { ...order, triggered: decision.triggered, updatedAt: now.toISOString() });
}

/** Validate and accept (or reject) an order; a marketable order fills at once. `ltp`: the instrument's LTP now. */
export function placeOrder(
  state: PaperAccountState,
  request: OrderRequest,
  now: Date,
  ltp: number,
  hours: MarketHours = REGULAR_MARKET_HOURS,
): EngineStep<PlaceOutcome> {
  const reason = rejectionOf({ state, request, now, ltp, hours, replacing: null });
  const { id, state: numbered } = nextId(state, 'O');
  const order = newOrder(id, request, now);
  if (reason !== null) {
    // Like a broker's RMS rejection, the rejected order stays in the book (findable by its tag).
    return { state: closeOrder(numbered, order, 'rejected', reason, now), outcome: { kind: 'rejected', reason } };
  }
  const holding = { ...order, blockedMargin: requiredMargin(numbered, request, ltp, null) };
  return { state: matchInBook(withOrder(numbered, holding), holding, ltp, now, true), outcome: { kind: 'accepted', brokerOrderId: id } };
}

/**
 * An order the exchange places itself (intraday square-off): no pre-trade checks and no margin, as it
 * only closes what is open. Returns the order id.
 */
export function placeHouseOrder(state: PaperAccountState, request: OrderRequest, now: Date, ltp: number): EngineStep<string> {
  const { id, state: numbered } = nextId(state, 'O');
  const order = newOrder(id, request, now);
  return { state: matchInBook(withOrder(numbered, order), order, ltp, now, true), outcome: id };
}

function notPendingReason(orderId: string, order: PaperOrder | undefined, verb: string): string | null {
  if (order === undefined) return `Order ${orderId} was not found`;
  return isPending(order) ? null : `Order ${orderId} is ${order.status}; only pending orders can be ${verb}`;
}

/** Change a pending order's type, quantity, price or trigger; the changed order re-enters the book. */
export function modifyOrder(
  state: PaperAccountState,
  change: OrderModification,
  now: Date,
  priceOf: PriceOf,
  hours: MarketHours = REGULAR_MARKET_HOURS,
): EngineStep<OrderChangeOutcome> {
  const order = findOrder(state, change.brokerOrderId);
  const missing = notPendingReason(change.brokerOrderId, order, 'modified');
  if (order === undefined || missing !== null) return { state, outcome: { kind: 'rejected', reason: missing ?? 'Order not found' } };

  const request: OrderRequest = {
    instrument: order.instrument,
    action: order.action,
    product: order.product,
    tag: order.tag,
    orderType: change.orderType ?? order.orderType,
    quantity: change.quantity ?? order.quantity,
    price: change.price === undefined ? order.price : change.price,
    triggerPrice: change.triggerPrice === undefined ? order.triggerPrice : change.triggerPrice,
  };
  const ltp = priceOf(order.instrument, now);
  const replacing = { id: order.id, blockedMargin: order.blockedMargin };
  const reason = rejectionOf({ state, request, now, ltp, hours, replacing });
  // A refused modification leaves the order as it was, still pending (as at a broker).
  if (reason !== null) return { state, outcome: { kind: 'rejected', reason } };

  const changed: PaperOrder = {
    ...newOrder(order.id, request, now),
    placedAt: order.placedAt,
    blockedMargin: requiredMargin(state, request, ltp, order.id),
  };
  return { state: matchInBook(withOrder(state, changed), changed, ltp, now, true), outcome: { kind: 'done' } };
}

/** Cancel a pending order, releasing its margin. */
export function cancelOrder(
  state: PaperAccountState,
  orderId: string,
  now: Date,
  reason = 'Cancelled by the user',
): EngineStep<OrderChangeOutcome> {
  const order = findOrder(state, orderId);
  const missing = notPendingReason(orderId, order, 'cancelled');
  if (order === undefined || missing !== null) return { state, outcome: { kind: 'rejected', reason: missing ?? 'Order not found' } };
  return { state: closeOrder(state, order, 'cancelled', reason, now), outcome: { kind: 'done' } };
}

/**
 * Let the market move to `now`: expire day orders whose session has closed, then match every pending
 * order whose exchange is open against its LTP (in the order they were placed).
 */
export function onTick(state: PaperAccountState, now: Date, priceOf: PriceOf, hours: MarketHours = REGULAR_MARKET_HOURS): PaperAccountState {
  let next = state;
  for (const order of state.orders.filter(isPending)) {
    const expiresAt = hours.expiryOfDayOrder(order.instrument, new Date(order.placedAt));
    if (expiresAt !== null && now >= expiresAt) {
      next = closeOrder(next, order, 'cancelled', 'Expired unfilled at the market close (day order)', now);
    } else if (hours.isOpen(order.instrument, now)) {
      next = matchInBook(next, order, priceOf(order.instrument, now), now, false);
    }
  }
  return next;
}
