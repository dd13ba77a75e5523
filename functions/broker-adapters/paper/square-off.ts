import type { OrderRequest } from '../broker-adapter';
import { isPending, type PaperAccountState, type PaperPosition } from './account-state';
import { clockTextOf, REGULAR_MARKET_HOURS, type MarketHours } from './market-hours';
import { cancelOrder, placeHouseOrder, type PriceOf } from './order-engine';
import { OPPOSITE_ACTION } from './vocabulary';

/**
 * Closing positions. `squareOff` / `squareOffAll` produce the opposite MARKET orders for the caller to
 * place (they go through the normal checks); `squareOffIntraday` is the exchange's own daily auto
 * square-off of INTRADAY positions (15:15 IST on NSE/BSE/NFO/BFO, 25 minutes before the close on MCX).
 */
function closingRequest(position: PaperPosition, tag: string): OrderRequest {
  return {
    instrument: position.instrument,
    action: position.netQuantity > 0 ? 'SELL' : 'BUY',
    orderType: 'MARKET',
    product: position.product,
    quantity: Math.abs(position.netQuantity),
    price: null,
    triggerPrice: null,
    tag,
  };
}

/** Tags SQOFF<n>, numbered past the account's id sequence so no two square-off orders share one. */
function closingRequests(state: PaperAccountState, positions: readonly PaperPosition[]): readonly OrderRequest[] {
  return positions.map((position, index) => closingRequest(position, `SQOFF${state.sequence + 1 + index}`));
}

function openPositions(state: PaperAccountState): readonly PaperPosition[] {
  return state.positions.filter((position) => position.netQuantity !== 0);
}

/** Opposite MARKET orders for every open position (any product) in one trading symbol. */
export function squareOff(state: PaperAccountState, tradingSymbol: string): readonly OrderRequest[] {
  return closingRequests(state, openPositions(state).filter((position) => position.instrument.trading_symbol === tradingSymbol));
}

/** Opposite MARKET orders for every open position. */
export function squareOffAll(state: PaperAccountState): readonly OrderRequest[] {
  return closingRequests(state, openPositions(state));
}

/**
 * The auto square-off: every INTRADAY order still pending from before the latest square-off time is
 * cancelled, and every INTRADAY position opened before it is closed by a MARKET order filled at that
 * time's price — so a late run (no request between 15:15 and now) still closes at the 15:15 price.
 * Positions opened after the square-off (possible only when the market is simulated as always open)
 * wait for the next day's.
 */
export function squareOffIntraday(
  state: PaperAccountState,
  now: Date,
  priceOf: PriceOf,
  hours: MarketHours = REGULAR_MARKET_HOURS,
): PaperAccountState {
  let next = state;
  for (const order of state.orders.filter((pending) => isPending(pending) && pending.product === 'INTRADAY')) {
    const squareOffAt = hours.lastSquareOff(order.instrument, now);
    if (squareOffAt !== null && new Date(order.placedAt) < squareOffAt) {
      next = cancelOrder(next, order.id, squareOffAt, `Cancelled by the intraday square-off at ${clockTextOf(squareOffAt)} IST`).state;
    }
  }
  for (const position of openPositions(state).filter((open) => open.product === 'INTRADAY')) {
    const squareOffAt = hours.lastSquareOff(position.instrument, now);
    if (squareOffAt !== null && position.openedAt !== null && new Date(position.openedAt) < squareOffAt) {
      const request = closingRequest(position, `AUTOSQOFF${next.sequence + 1}`);
      next = placeHouseOrder(next, request, squareOffAt, priceOf(position.instrument, squareOffAt)).state;
    }
  }
  return next;
}
