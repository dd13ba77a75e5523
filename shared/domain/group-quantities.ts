/**
 * Copy trading's quantity rule (DESIGN.md §5 "Groups"): a child trades the master quantity times its
 * multiplier, rounded down — to whole lots for F&O, to whole units for equities. A child whose share
 * rounds to nothing is told so ("below one lot at 0.5×"), never sent a zero-quantity order.
 *
 * Multipliers carry at most two decimals and are computed in hundredths, so 0.29 × 100 is 29, not the
 * 28.999… that binary floating point would round down to 28.
 */
export const MIN_MULTIPLIER = 0.01;
export const MAX_MULTIPLIER = 100;
export const MULTIPLIER_DECIMALS = 2;
const MULTIPLIER_SCALE = 10 ** MULTIPLIER_DECIMALS;

/** The multiplier in hundredths when it is in range with at most two decimals, else null. */
export function multiplierHundredths(multiplier: number): number | null {
  if (!Number.isFinite(multiplier) || multiplier < MIN_MULTIPLIER || multiplier > MAX_MULTIPLIER) return null;
  const scaled = Math.round(multiplier * MULTIPLIER_SCALE);
  return Math.abs(scaled - multiplier * MULTIPLIER_SCALE) < 1e-6 ? scaled : null;
}

export function isValidMultiplier(multiplier: number): boolean {
  return multiplierHundredths(multiplier) !== null;
}

export interface ChildQuantityInput {
  /** What the master (or the group order) trades, in units; for F&O a whole number of lots. */
  readonly masterQuantity: number;
  readonly multiplier: number;
  /** Units per lot when the instrument trades in lots (F&O, MCX); null when it trades in units (equity). */
  readonly lotSize: number | null;
}

export type ChildQuantity =
  | {
      readonly kind: 'quantity';
      /** Units to order (lots × lot size for F&O). */
      readonly quantity: number;
      /** Whole lots for F&O, null for equities. */
      readonly lots: number | null;
      /** True when rounding down dropped a fraction (e.g. 2.5 lots became 2). */
      readonly roundedDown: boolean;
    }
  | { readonly kind: 'none'; readonly reason: string };

const times = (multiplier: number) => `${multiplier}×`;

/** The child's quantity for a master quantity, or why the child trades nothing. */
export function childQuantity({ masterQuantity, multiplier, lotSize }: ChildQuantityInput): ChildQuantity {
  const hundredths = multiplierHundredths(multiplier);
  if (hundredths === null) {
    return { kind: 'none', reason: `The multiplier must be ${MIN_MULTIPLIER}–${MAX_MULTIPLIER} with at most ${MULTIPLIER_DECIMALS} decimals.` };
  }
  if (!Number.isInteger(masterQuantity) || masterQuantity <= 0) return { kind: 'none', reason: 'The master quantity must be a whole number above 0.' };
  if (lotSize !== null && (!Number.isInteger(lotSize) || lotSize <= 0)) throw new Error(`Lot size ${lotSize} is not a whole number above 0`);

  const unitsPerStep = lotSize ?? 1;
  if (masterQuantity % unitsPerStep !== 0) {
    return { kind: 'none', reason: `The master quantity ${masterQuantity} is not a whole number of lots of ${unitsPerStep}.` };
  }
  const masterSteps = masterQuantity / unitsPerStep;
  const scaledSteps = masterSteps * hundredths;
  const steps = Math.floor(scaledSteps / MULTIPLIER_SCALE);
  if (steps === 0) {
    const exact = scaledSteps / MULTIPLIER_SCALE;
    return lotSize === null
      ? { kind: 'none', reason: `Below one unit at ${times(multiplier)} (${masterSteps} × ${multiplier} = ${exact}).` }
      : { kind: 'none', reason: `Below one lot at ${times(multiplier)} (${masterSteps} lot${masterSteps === 1 ? '' : 's'} × ${multiplier} = ${exact} lot).` };
  }
  return {
    kind: 'quantity',
    quantity: steps * unitsPerStep,
    lots: lotSize === null ? null : steps,
    roundedDown: scaledSteps % MULTIPLIER_SCALE !== 0,
  };
}
