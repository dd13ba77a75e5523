/**
 * European option value by Black-76 on the underlying's forward (the price of a future expiring with
 * the option) at a fixed implied volatility: no smile, no dividends.
 *
 * Two clocks: the forward's carry and the discount run on calendar time, while the volatility runs on
 * market time (market-time.ts), the clock the underlying's walk runs on, so an option's time value and
 * the walk's moves agree, and an option does not lose two days of value over a weekend the walk spends
 * nearly still.
 *
 * Simplification: the quoted value is floored at the intrinsic value on the spot, as traded Indian
 * options practically never quote below it, although a deep in-the-money European put may in theory
 * (so put–call parity holds except where that floor lifts a deep in-the-money put).
 */
export const OPTION_RIGHTS = ['CE', 'PE'] as const;
export type OptionRight = (typeof OPTION_RIGHTS)[number];

export interface Black76Inputs {
  readonly right: OptionRight;
  /** The underlying's forward price for the option's expiry. */
  readonly forward: number;
  readonly strike: number;
  /** Annualised volatility of the underlying. */
  readonly volatility: number;
  /** Years of market time to expiry: what the volatility acts over. */
  readonly varianceYears: number;
  /** Calendar years to expiry: what the premium is discounted over. */
  readonly discountYears: number;
  readonly rate: number;
}

export interface OptionInputs extends Black76Inputs {
  /** The underlying's level now: the intrinsic value the quote never falls below. */
  readonly spot: number;
}

/** Standard normal CDF via the Abramowitz–Stegun 7.1.26 erf approximation (error < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export function intrinsicValue(right: OptionRight, spot: number, strike: number): number {
  return Math.max(0, right === 'CE' ? spot - strike : strike - spot);
}

/** Black-76: e^(−rT)·(F·N(d1) − K·N(d2)) for a call, e^(−rT)·(K·N(−d2) − F·N(−d1)) for a put. */
export function black76(inputs: Black76Inputs): number {
  const { right, forward, strike, volatility, varianceYears, discountYears, rate } = inputs;
  const discount = Math.exp(-rate * Math.max(0, discountYears));
  const deviation = volatility * Math.sqrt(Math.max(0, varianceYears));
  if (deviation <= 0 || forward <= 0 || strike <= 0) return discount * intrinsicValue(right, forward, strike);
  const d1 = (Math.log(forward / strike) + (deviation * deviation) / 2) / deviation;
  const d2 = d1 - deviation;
  return right === 'CE'
    ? discount * (forward * normalCdf(d1) - strike * normalCdf(d2))
    : discount * (strike * normalCdf(-d2) - forward * normalCdf(-d1));
}

/** Theoretical value, never below intrinsic on the spot; exactly intrinsic at or after expiry. */
export function optionValue(inputs: OptionInputs): number {
  const intrinsic = intrinsicValue(inputs.right, inputs.spot, inputs.strike);
  if (inputs.varianceYears <= 0 || inputs.strike <= 0 || inputs.spot <= 0) return intrinsic;
  return Math.max(intrinsic, black76(inputs));
}
