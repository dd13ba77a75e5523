/**
 * Prices on an instrument's tick grid. Prices are plain numbers, so every result is re-read through
 * `toFixed` with the tick's own number of decimals to drop binary-fraction noise (24000.05 stays
 * 24000.05, never 24000.050000000003). The server's checks and the ticket's rounding both use these.
 */

/** Decimals a tick size carries: 0.05 → 2, 0.0025 → 4, 1 → 0. */
export function decimalsOf(tick: number): number {
  const [mantissa = '', exponent] = tick.toExponential().split('e');
  const fractionDigits = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fractionDigits - Number(exponent));
}

/** A whole number of ticks as a price. */
export function onGrid(ticks: number, tick: number): number {
  return Number((ticks * tick).toFixed(decimalsOf(tick)));
}

/** The nearest price on the tick grid. */
export function roundToTick(price: number, tick: number): number {
  return onGrid(Math.round(price / tick), tick);
}

/** Whether a price lies on the tick grid (within floating-point noise). */
export function isOnTick(price: number, tick: number): boolean {
  const ticks = price / tick;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}
