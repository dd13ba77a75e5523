import { parseDay, startOfMarketDay } from '../../../shared/domain/market-clock';

const MS_PER_YEAR = 365 * 86_400_000;
const EXPIRY_CLOSE_MS = (15 * 60 + 30) * 60_000;

/**
 * Simplification: every derivative (MCX included) is taken to expire at 15:30 IST on its expiry date,
 * and time to expiry runs on calendar time (weekends and nights decay too). A missing or malformed
 * expiry counts as already expired, so such a contract prices at intrinsic / at the spot.
 */
export function expiryInstant(expiry: string | null): Date | null {
  const day = expiry === null ? null : parseDay(expiry);
  return day === null ? null : new Date(startOfMarketDay(day).getTime() + EXPIRY_CLOSE_MS);
}

export function yearsToExpiry(expiry: string | null, at: Date): number {
  const instant = expiryInstant(expiry);
  return instant === null ? 0 : Math.max(0, (instant.getTime() - at.getTime()) / MS_PER_YEAR);
}
