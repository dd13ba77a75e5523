import type { Instrument } from '../../../shared/domain/instruments';
import type { PaperAccountState, PaperPosition } from './account-state';
import { marginFor } from './margin';
import { roundMoney } from './price-math';
import { ACTION_SIGN, type Action, type Product } from './vocabulary';

/**
 * Net positions and their P&L. One position per (exchange, trading symbol, product):
 * - increasing (or opening) moves the average price to the quantity-weighted mean;
 * - reducing leaves the average price alone and realises (fill − average) × closed quantity × direction;
 * - a fill larger than the open quantity closes it and opens the rest the other way at the fill price;
 * - unrealised P&L is (LTP − average) × net quantity.
 * Simplification: no charges, brokerage or taxes in P&L.
 */
export interface Fill {
  readonly instrument: Instrument;
  readonly product: Product;
  readonly action: Action;
  readonly quantity: number;
  readonly price: number;
  /** ISO instant. */
  readonly at: string;
}

function flatPosition(fill: Fill): PaperPosition {
  return { instrument: fill.instrument, product: fill.product, netQuantity: 0, averagePrice: 0, realisedPnl: 0, openedAt: null, updatedAt: fill.at };
}

export function isSamePosition(position: PaperPosition, instrument: Instrument, product: Product): boolean {
  return (
    position.product === product &&
    position.instrument.exchange === instrument.exchange &&
    position.instrument.trading_symbol === instrument.trading_symbol
  );
}

export function findPosition(state: PaperAccountState, instrument: Instrument, product: Product): PaperPosition | undefined {
  return state.positions.find((position) => isSamePosition(position, instrument, product));
}

/** A position after a fill, and the P&L the fill realised. */
export function applyFill(position: PaperPosition | undefined, fill: Fill): { readonly position: PaperPosition; readonly realisedPnl: number } {
  const current = position ?? flatPosition(fill);
  const net = current.netQuantity;
  const signed = ACTION_SIGN[fill.action] * fill.quantity;
  const next = net + signed;

  if (net === 0 || Math.sign(net) === Math.sign(signed)) {
    const averagePrice = (Math.abs(net) * current.averagePrice + fill.quantity * fill.price) / Math.abs(next);
    const openedAt = net === 0 ? fill.at : current.openedAt;
    return { position: { ...current, netQuantity: next, averagePrice, openedAt, updatedAt: fill.at }, realisedPnl: 0 };
  }

  const closedQuantity = Math.min(Math.abs(net), fill.quantity);
  const realisedPnl = roundMoney((fill.price - current.averagePrice) * closedQuantity * Math.sign(net));
  const flipped = next !== 0 && Math.sign(next) !== Math.sign(net);
  const averagePrice = next === 0 ? 0 : flipped ? fill.price : current.averagePrice;
  const openedAt = next === 0 ? null : flipped ? fill.at : current.openedAt;
  return {
    position: {
      ...current,
      netQuantity: next,
      averagePrice,
      openedAt,
      realisedPnl: roundMoney(current.realisedPnl + realisedPnl),
      updatedAt: fill.at,
    },
    realisedPnl,
  };
}

/** The positions after a fill (the touched position replaced in place, or appended). */
export function positionsAfterFill(
  positions: readonly PaperPosition[],
  fill: Fill,
): { readonly positions: readonly PaperPosition[]; readonly realisedPnl: number } {
  const index = positions.findIndex((position) => isSamePosition(position, fill.instrument, fill.product));
  const { position, realisedPnl } = applyFill(positions[index], fill);
  const next = index < 0 ? [...positions, position] : positions.map((existing, at) => (at === index ? position : existing));
  return { positions: next, realisedPnl };
}

export function unrealisedPnl(position: PaperPosition, lastPrice: number): number {
  return roundMoney((lastPrice - position.averagePrice) * position.netQuantity);
}

/** Margin an open position holds, valued at its average price (margin.ts). */
export function positionMargin(position: PaperPosition): number {
  if (position.netQuantity === 0) return 0;
  const side = position.netQuantity > 0 ? 'long' : 'short';
  return marginFor(position.instrument, position.product, side, position.netQuantity, position.averagePrice);
}
