/**
 * When a payment is asked about (reference §1.5: poll a PENDING order with growing gaps until it ends).
 * The reconciliation schedule asks payments still open a couple of minutes after they started, then
 * with back-off; after a day it stops and the payment turns `expired` (a late confirmation still credits).
 */
export const FIRST_CHECK_AFTER_MS = 2 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** PhonePe's `expireAfter` for our orders (its docs' sample value). */
export const ORDER_EXPIRE_AFTER_SECONDS = 1200;
/** A status read from the wallet page asks PhonePe at most this often per payment. */
export const STATUS_READ_MIN_INTERVAL_MS = 5_000;

const BACK_OFF_MINUTES = [1, 1, 2, 3, 5, 10, 15, 30, 60] as const;

/** The next check after `checksSoFar` checks that settled nothing. */
export function nextCheckAt(checksSoFar: number, now: Date): Date {
  const minutes = BACK_OFF_MINUTES[Math.min(checksSoFar, BACK_OFF_MINUTES.length - 1)] ?? 60;
  return new Date(now.getTime() + minutes * 60_000);
}
