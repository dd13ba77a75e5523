import type { Instrument } from '../../../shared/domain/instruments';
import { marketDayOf } from '../../../shared/domain/market-clock';
import type { BrokerHolding } from '../broker-adapter';
import type { PaperAccountState, PaperHolding, PaperPosition } from './account-state';
import { findPosition, positionsAfterFill, type Fill } from './positions';
import { roundMoney } from './price-math';
import type { Product } from './vocabulary';

/**
 * The demat side of a paper account: delivery settlement and the holdings it leaves.
 * - Settlement (simplified T+1): a DELIVERY position still long when its market day (Asia/Kolkata) is
 *   over settles into a holding at the first look on a later day. Its quantity joins the holding of the
 *   same script at the quantity-weighted average price and the position leaves the day's list (its
 *   realised P&L is already in the balance). A flat DELIVERY position of an earlier day just leaves.
 * - Selling a holding: a DELIVERY sell larger than the day's long position takes the rest out of the
 *   holding. That quantity re-enters the day's position at the holding's average price, so the fill
 *   closes it and realises P&L against what the shares cost, and the day's positions show the sale.
 * - Money: a holding is paid for. Its cost leaves the balance when it settles, exactly the margin its
 *   DELIVERY position held until then (100 % of the average price), so available funds do not move.
 * Simplifications: settlement at the end of the trading day instead of at the depository a day later
 * (no T1 quantity); no corporate actions, pledges or DP charges; MARGIN (MTF) positions do not settle.
 */
function isSameScript(a: Instrument, b: Instrument): boolean {
  return a.exchange === b.exchange && a.trading_symbol === b.trading_symbol;
}

export function findHolding(state: PaperAccountState, instrument: Instrument): PaperHolding | undefined {
  return state.holdings.find((holding) => isSameScript(holding.instrument, instrument));
}

/** Units of the script held in the demat account that a sell of `product` may deliver (DELIVERY only). */
export function heldForSale(state: PaperAccountState, instrument: Instrument, product: Product): number {
  return product === 'DELIVERY' ? (findHolding(state, instrument)?.quantity ?? 0) : 0;
}

/** What the holdings cost: it has left the balance. */
export function holdingsCost(state: PaperAccountState): number {
  return roundMoney(state.holdings.reduce((sum, holding) => sum + holding.quantity * holding.averagePrice, 0));
}

function withSettled(holdings: readonly PaperHolding[], position: PaperPosition, at: string): readonly PaperHolding[] {
  const index = holdings.findIndex((holding) => isSameScript(holding.instrument, position.instrument));
  const current = holdings[index];
  if (!current) {
    return [...holdings, { instrument: position.instrument, quantity: position.netQuantity, averagePrice: position.averagePrice, settledAt: at }];
  }
  const quantity = current.quantity + position.netQuantity;
  const averagePrice = (current.quantity * current.averagePrice + position.netQuantity * position.averagePrice) / quantity;
  return holdings.map((holding, place) => (place === index ? { ...current, quantity, averagePrice, settledAt: at } : holding));
}

function settlesBy(position: PaperPosition, today: number): boolean {
  return position.product === 'DELIVERY' && position.netQuantity >= 0 && marketDayOf(new Date(position.updatedAt)) < today;
}

/** The account after settling every DELIVERY position of an earlier market day; the same state when none. */
export function settleDeliveries(state: PaperAccountState, now: Date): PaperAccountState {
  const today = marketDayOf(now);
  const settling = state.positions.filter((position) => settlesBy(position, today));
  if (settling.length === 0) return state;
  const at = now.toISOString();
  const holdings = settling.filter((position) => position.netQuantity > 0).reduce((held, position) => withSettled(held, position, at), state.holdings);
  return { ...state, positions: state.positions.filter((position) => !settling.includes(position)), holdings };
}

/**
 * Before a DELIVERY sell fills: the part the day's long position does not cover moves from the holding
 * into that position at the holding's average price. The same state when nothing has to move.
 */
export function drawFromHoldings(state: PaperAccountState, sell: Omit<Fill, 'price'>): PaperAccountState {
  if (sell.product !== 'DELIVERY' || sell.action !== 'SELL') return state;
  const long = Math.max(0, findPosition(state, sell.instrument, sell.product)?.netQuantity ?? 0);
  const holding = findHolding(state, sell.instrument);
  const taken = Math.min(Math.max(0, sell.quantity - long), holding?.quantity ?? 0);
  if (!holding || taken === 0) return state;
  const { positions } = positionsAfterFill(state.positions, { ...sell, action: 'BUY', quantity: taken, price: holding.averagePrice });
  const left = holding.quantity - taken;
  const holdings =
    left === 0
      ? state.holdings.filter((existing) => existing !== holding)
      : state.holdings.map((existing) => (existing === holding ? { ...holding, quantity: left } : existing));
  return { ...state, positions, holdings };
}

/** A holding in the port's shape; the paper exchange names scripts by the platform's own symbols. */
export function toBrokerHolding(holding: PaperHolding, lastPrice: number): BrokerHolding {
  return {
    tradingSymbol: holding.instrument.trading_symbol,
    exchange: holding.instrument.exchange,
    token: holding.instrument.script_id,
    isin: null,
    quantity: holding.quantity,
    averagePrice: holding.averagePrice,
    lastPrice,
    closePrice: null,
  };
}
