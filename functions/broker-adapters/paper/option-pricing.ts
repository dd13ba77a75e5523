/**
 * European option value by Black–Scholes with a fixed implied volatility (no smile, no dividends).
 * Simplification: the value is floored at intrinsic, as traded Indian options practically never
 * quote below it, even though a deep in-the-money European put may in theory.
 */
export const OPTION_RIGHTS = ['CE', 'PE'] as const;
export type OptionRight = (typeof OPTION_RIGHTS)[number];

export interface OptionInputs {
  readonly right: OptionRight;
  readonly spot: number;
  readonly strike: number;
  readonly yearsToExpiry: number;
  readonly volatility: number;
  readonly rate: number;
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
  const payoff: Readonly<Record<OptionRight, number>> = { CE: spot - strike, PE: strike - spot };
  return Math.max(0, payoff[right]);
}

function blackScholes(inputs: OptionInputs): number {
  const { right, spot, strike, yearsToExpiry, volatility, rate } = inputs;
  const deviation = volatility * Math.sqrt(yearsToExpiry);
  const d1 = (Math.log(spot / strike) + (rate + (volatility * volatility) / 2) * yearsToExpiry) / deviation;
  const d2 = d1 - deviation;
  const discountedStrike = strike * Math.exp(-rate * yearsToExpiry);
  const values: Readonly<Record<OptionRight, () => number>> = {
    CE: () => spot * normalCdf(d1) - discountedStrike * normalCdf(d2),
    PE: () => discountedStrike * normalCdf(-d2) - spot * normalCdf(-d1),
  };
  return values[right]();
}

/** Theoretical value, never below intrinsic; exactly intrinsic at or after expiry. */
export function optionValue(inputs: OptionInputs): number {
  const intrinsic = intrinsicValue(inputs.right, inputs.spot, inputs.strike);
  if (inputs.yearsToExpiry <= 0 || inputs.strike <= 0 || inputs.spot <= 0) return intrinsic;
  return Math.max(intrinsic, blackScholes(inputs));
}
