/**
 * Price and money arithmetic on exact ticks. Prices are kept as plain numbers, so every result is
 * re-read through `toFixed` with the tick's own number of decimals to drop binary-fraction noise
 * (24000.05 stays 24000.05, never 24000.050000000003).
 */

/** Decimals a tick size carries: 0.05 → 2, 0.0025 → 4, 1 → 0. */
export function decimalsOf(tick: number): number {
  const [mantissa = '', exponent] = tick.toExponential().split('e');
  const fractionDigits = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fractionDigits - Number(exponent));
}

function onGrid(ticks: number, tick: number): number {
  return Number((ticks * tick).toFixed(decimalsOf(tick)));
}

/** The nearest price on the tick grid. */
export function roundToTick(price: number, tick: number): number {
  return onGrid(Math.round(price / tick), tick);
}

/** The lowest price on the tick grid that is not below `price`. */
export function ceilToTick(price: number, tick: number): number {
  return onGrid(Math.ceil(price / tick - 1e-9), tick);
}

/** Whether a price lies on the tick grid (within floating-point noise). */
export function isOnTick(price: number, tick: number): boolean {
  const ticks = price / tick;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}

/** `price` moved by a whole number of ticks, never below one tick. */
export function shiftByTicks(price: number, ticks: number, tick: number): number {
  return Math.max(tick, onGrid(Math.round(price / tick) + ticks, tick));
}

/** Rupees rounded to paise. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}
