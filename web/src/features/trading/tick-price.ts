/**
 * Prices on an instrument's tick grid. Prices are plain numbers, so each result is re-read through
 * `toFixed` with the tick's own decimals to drop binary-fraction noise (212.45, never 212.45000000000002).
 */

/** Decimals a tick size carries: 0.05 → 2, 0.0025 → 4, 1 → 0. */
export function decimalsOf(tick: number): number {
  const [mantissa = '', exponent] = tick.toExponential().split('e');
  const fractionDigits = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fractionDigits - Number(exponent));
}

/** The nearest price on the grid, never below one tick (a ticket's price must be above 0). */
export function roundToTick(price: number, tick: number): number {
  return Number((Math.max(1, Math.round(price / tick)) * tick).toFixed(decimalsOf(tick)));
}

/** Whether a price lies on the grid (within floating-point noise), as the server checks it. */
export function isOnTick(price: number, tick: number): boolean {
  const ticks = price / tick;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}

/** A price as the ticket's input shows it: the tick's decimals, no grouping (212.45, 24000). */
export function priceInputText(price: number, tick: number): string {
  return price.toFixed(decimalsOf(tick));
}
