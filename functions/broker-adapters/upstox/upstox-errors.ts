/**
 * Upstox `error_code`s (reference/brokers.md §4.9, DOC upstox error-codes) grouped by what they mean for
 * the caller. A code not listed is read by its HTTP status, and otherwise as a refusal of the request.
 */
export type UpstoxErrorMeaning = 'rate-limited' | 'session' | 'server' | 'rejected';

export const UPSTOX_ERROR_MEANINGS: Readonly<Record<string, UpstoxErrorMeaning>> = {
  /** Too Many Request Sent (HTTP 429): refused at the gateway, nothing was done. */
  UDAPI10005: 'rate-limited',
  /** Invalid token; and an extended (read-only) token used where a trading session is needed. Both need a new login. */
  UDAPI100050: 'session',
  UDAPI100067: 'session',
  /** "Something went wrong": the request may or may not have been acted on. */
  UDAPI100500: 'server',
};

function meaningOfStatus(status: number): UpstoxErrorMeaning {
  if (status === 429) return 'rate-limited';
  if (status === 401) return 'session';
  if (status >= 500) return 'server';
  return 'rejected';
}

export function upstoxErrorMeaning(status: number, code: string | null): UpstoxErrorMeaning {
  return (code === null ? undefined : UPSTOX_ERROR_MEANINGS[code]) ?? meaningOfStatus(status);
}
