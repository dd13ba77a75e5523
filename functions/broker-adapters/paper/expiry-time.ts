import { parseDay } from '../../../shared/domain/market-clock';

/** 15:30 IST is 10:00 UTC: IST has kept UTC+05:30 since 1945, so no time-zone lookup is needed. */
const EXPIRY_CLOSE_UTC_SECONDS = 10 * 3600;
const SECONDS_PER_DAY = 86_400;

/** Expiry seconds by expiry text: a master holds a few dozen expiries, read on every option price. */
const expirySeconds = new Map<string, number | null>();
const MAX_REMEMBERED_EXPIRIES = 1_000;

/**
 * Simplification: every derivative (MCX included) is taken to expire at 15:30 IST on its expiry date.
 * A missing or malformed expiry counts as already expired, so such a contract prices at intrinsic /
 * at the spot.
 */
export function expirySecondOf(expiry: string | null): number | null {
  if (expiry === null) return null;
  let second = expirySeconds.get(expiry);
  if (second === undefined) {
    const day = parseDay(expiry);
    second = day === null ? null : day * SECONDS_PER_DAY + EXPIRY_CLOSE_UTC_SECONDS;
    if (expirySeconds.size >= MAX_REMEMBERED_EXPIRIES) expirySeconds.clear();
    expirySeconds.set(expiry, second);
  }
  return second;
}

export function expiryInstant(expiry: string | null): Date | null {
  const second = expirySecondOf(expiry);
  return second === null ? null : new Date(second * 1000);
}
