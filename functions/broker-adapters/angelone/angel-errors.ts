/**
 * Angel One `errorcode`s (reference/brokers.md §3.9) grouped by what they mean for the caller.
 * Codes not listed are treated as refusals of the request.
 */
import { ANGEL_UNREGISTERED_IP_CODE } from '../http/unregistered-ip';

export type AngelErrorMeaning = 'token-expired' | 'session' | 'server' | 'unregistered-ip' | 'rejected';

export const ANGEL_ERROR_MEANINGS: Readonly<Record<string, AngelErrorMeaning>> = {
  /** Invalid / expired token: the refresh token may still renew the session. */
  AG8001: 'token-expired',
  AG8002: 'token-expired',
  /** Token missing, invalid or expired refresh token, AMX session expired, client not logged in. */
  AG8003: 'session',
  AB8050: 'session',
  AB8051: 'session',
  AB1010: 'session',
  AB1011: 'session',
  /** Generic failure and internal error: the request may or may not have been acted on. */
  AB1004: 'server',
  AB2001: 'server',
  /** "Unregistered IP": an order call from an address the account has not registered (SEBI static-IP rule). */
  [ANGEL_UNREGISTERED_IP_CODE]: 'unregistered-ip',
};

export function angelErrorMeaning(code: string): AngelErrorMeaning {
  return ANGEL_ERROR_MEANINGS[code] ?? 'rejected';
}

/** Angel's rate-limit answer can be plain text rather than JSON (§3.8). */
export const ANGEL_RATE_LIMIT_TEXT = /exceeding access rate/i;
