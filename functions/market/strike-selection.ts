import type { Instrument } from '../../shared/domain/instruments';

/**
 * Choosing an option from one expiry's chain (spec §3 option selection: ATM_BASED with `atm_gap`,
 * PREMIUM_BASED with `premium_value` and `max_variation`). Strikes and steps always come from the master.
 */
export type OptionSide = 'CE' | 'PE';

function distinctSorted(strikes: readonly number[]): number[] {
  return [...new Set(strikes)].sort((a, b) => a - b);
}

/** The strike step of a chain: the smallest gap between adjacent strikes; null with fewer than two strikes. */
export function strikeStep(strikes: readonly number[]): number | null {
  const sorted = distinctSorted(strikes);
  let step: number | null = null;
  for (let i = 1; i < sorted.length; i += 1) {
    const gap = (sorted[i] ?? 0) - (sorted[i - 1] ?? 0);
    if (step === null || gap < step) step = gap;
  }
  return step;
}

/** The strike nearest the underlying's price; a price exactly between two strikes takes the lower one. */
export function atmStrike(strikes: readonly number[], underlyingPrice: number): number | null {
  let best: number | null = null;
  for (const strike of distinctSorted(strikes)) {
    if (best === null || Math.abs(strike - underlyingPrice) < Math.abs(best - underlyingPrice)) best = strike;
  }
  return best;
}

function sideOf(chain: readonly Instrument[], side: OptionSide): Instrument[] {
  return chain.filter((option) => option.instrument_type === side && option.strike !== null);
}

/**
 * ATM ± `atmGap` strikes. A positive gap moves out of the money (CE: higher strikes, PE: lower strikes),
 * a negative gap into the money. Null when the chain has no strike that far out.
 */
export function selectAtmOption(chain: readonly Instrument[], side: OptionSide, underlyingPrice: number, atmGap: number): Instrument | null {
  const options = sideOf(chain, side).sort((a, b) => (a.strike ?? 0) - (b.strike ?? 0));
  const atm = atmStrike(options.map((option) => option.strike ?? 0), underlyingPrice);
  const atmIndex = options.findIndex((option) => option.strike === atm);
  if (atmIndex < 0) return null;
  const outOfTheMoney = side === 'CE' ? 1 : -1;
  return options[atmIndex + atmGap * outOfTheMoney] ?? null;
}

/**
 * The option whose premium is nearest `targetPremium`, if within `maxVariation` of it (absolute price).
 * Options without a price are passed over; on a tie the lower strike wins.
 */
export function selectByPremium(
  chain: readonly Instrument[],
  side: OptionSide,
  premiumOf: (option: Instrument) => number | undefined,
  targetPremium: number,
  maxVariation: number,
): Instrument | null {
  let best: { option: Instrument; distance: number } | null = null;
  const options = sideOf(chain, side).sort((a, b) => (a.strike ?? 0) - (b.strike ?? 0));
  for (const option of options) {
    const premium = premiumOf(option);
    if (premium === undefined) continue;
    const distance = Math.abs(premium - targetPremium);
    if (distance <= maxVariation && (best === null || distance < best.distance)) best = { option, distance };
  }
  return best?.option ?? null;
}
