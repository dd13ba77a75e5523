/**
 * Money (DESIGN.md §5 "Money"): the wallet stores and moves integer paise; the API may show rupees
 * with two decimals (`current_credit`, the ledger's `amount` and `balance_after`). One credit is one
 * rupee: broker plans are priced in whole credits.
 */
export const PAISE_PER_RUPEE = 100;

/**
 * The largest single wallet movement: ₹10,00,000. Well above any price or top-up the platform takes,
 * and far below the range where integer arithmetic on numbers could lose a paisa.
 */
export const MAX_WALLET_MOVEMENT_PAISE = 10_00_000 * PAISE_PER_RUPEE;

/** Paise as rupees with (at most) two decimals: 125050 → 1250.5. Exact for every integer amount of paise. */
export function rupeesFromPaise(paise: number): number {
  return Math.round(paise) / PAISE_PER_RUPEE;
}

/** Whole credits (rupees) as paise: 500 → 50000. */
export function paiseFromCredits(credits: number): number {
  return Math.round(credits * PAISE_PER_RUPEE);
}

/**
 * A rupee amount with at most two decimals (as a person types it: 500, 499.5, 10.25) as integer paise;
 * null when it has fractional paise (10.255) or is not a finite number.
 */
export function paiseFromRupees(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const paise = Math.round(rupees * PAISE_PER_RUPEE);
  return Math.abs(paise - rupees * PAISE_PER_RUPEE) < 1e-6 ? paise : null;
}
