/**
 * Prices on an instrument's tick grid. Prices are plain numbers, so each result is re-read through
 * `toFixed` with the tick's own decimals to drop binary-fraction noise (212.45, never 212.45000000000002).
 */
import { decimalsOf, isOnTick, onGrid } from '@shared/domain/tick-math';

export { isOnTick };

/** The nearest price on the grid, never below one tick (a ticket's price must be above 0). */
export function roundToTick(price: number, tick: number): number {
  return onGrid(Math.max(1, Math.round(price / tick)), tick);
}

/** A price as the ticket's input shows it: the tick's decimals, no grouping (212.45, 24000). */
export function priceInputText(price: number, tick: number): string {
  return price.toFixed(decimalsOf(tick));
}
