/**
 * Fyers negative `code`s (reference/brokers.md §5.9) grouped by what they mean for the caller.
 * Codes not listed (−50 invalid input, −51 invalid order id, −99 order rejected, −300 invalid symbol, …)
 * are refusals of the request, with Fyers' message as the reason.
 */
export type FyersErrorMeaning = 'session' | 'rate-limited' | 'rejected';

export const FYERS_ERROR_MEANINGS: Readonly<Record<string, FyersErrorMeaning>> = {
  /** Token expired, invalid, not authenticable, invalid or expired: only a new login (or refresh) helps. */
  '-8': 'session',
  '-15': 'session',
  '-16': 'session',
  '-17': 'session',
  '-429': 'rate-limited',
};

export function fyersErrorMeaning(code: number | null): FyersErrorMeaning {
  return code === null ? 'rejected' : (FYERS_ERROR_MEANINGS[String(code)] ?? 'rejected');
}
