/**
 * Price and money arithmetic on exact ticks. Prices are kept as plain numbers, so every result is
 * re-read through `toFixed` with the tick's own number of decimals to drop binary-fraction noise
 * (24000.05 stays 24000.05, never 24000.050000000003).
 */
import { decimalsOf, onGrid } from '../../../shared/domain/tick-math';

interface TickScale {
  /** The tick in units of the last decimal it carries (0.05 → 5), and that decimal's scale (100). */
  readonly units: number;
  readonly scale: number;
}

/** A market has a handful of tick sizes; their scales are worked out once. */
const tickScales = new Map<number, TickScale>();

function tickScaleOf(tick: number): TickScale {
  let found = tickScales.get(tick);
  if (found === undefined) {
    const scale = 10 ** decimalsOf(tick);
    found = { units: Math.round(tick * scale), scale };
    if (tickScales.size >= 100) tickScales.clear();
    tickScales.set(tick, found);
  }
  return found;
}

/**
 * A whole number of ticks as a price: the same number as tick-math's `onGrid` (the nearest double to
 * the decimal price, as an integer over a power of ten is correctly rounded), without reading the
 * tick's decimals through text on every call: the price feed quotes on the order path.
 */
export function priceOfTicks(ticks: number, tick: number): number {
  const { units, scale } = tickScaleOf(tick);
  // `+ 0` turns −0 (Math.ceil of a hair below 0) into 0, as the text round trip does.
  return (ticks * units) / scale + 0;
}

/** The nearest price on the tick grid (tick-math's `roundToTick`, on the fast path). */
export function nearestTick(price: number, tick: number): number {
  return priceOfTicks(Math.round(price / tick), tick);
}

/** The lowest price on the tick grid that is not below `price`. */
export function ceilToTick(price: number, tick: number): number {
  return priceOfTicks(Math.ceil(price / tick - 1e-9), tick);
}

/** `price` moved by a whole number of ticks, never below one tick. */
export function shiftByTicks(price: number, ticks: number, tick: number): number {
  return Math.max(tick, onGrid(Math.round(price / tick) + ticks, tick));
}

/** Rupees rounded to paise. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}
