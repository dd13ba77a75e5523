/**
 * Price and money arithmetic on exact ticks. Prices are kept as plain numbers, so every result is
 * re-read through `toFixed` with the tick's own number of decimals to drop binary-fraction noise
 * (24000.05 stays 24000.05, never 24000.050000000003).
 */
import { onGrid } from '../../../shared/domain/tick-math';

/** The lowest price on the tick grid that is not below `price`. */
export function ceilToTick(price: number, tick: number): number {
  return onGrid(Math.ceil(price / tick - 1e-9), tick);
}

/** `price` moved by a whole number of ticks, never below one tick. */
export function shiftByTicks(price: number, ticks: number, tick: number): number {
  return Math.max(tick, onGrid(Math.round(price / tick) + ticks, tick));
}

/** Rupees rounded to paise. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}
