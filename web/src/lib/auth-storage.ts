import { userUniqueKey } from '@shared/domain/constants';
import { decodeTokenClaims, isTokenExpired } from './token-claims';

/** Local-storage keys of the signed-in session (spec §2, §4). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_KEY_STORAGE_KEY = 'user_key';
/** The query parameter that may carry a token into the app (spec §2). */
export const TOKEN_QUERY_PARAM = 'token';

interface SessionOwner {
  frch_id: number;
  user_id: number;
}

/** Stores the token and the user key `AD_{frch}_{user}` of its owner. */
export function saveSession(token: string, owner: SessionOwner): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_KEY_STORAGE_KEY, userUniqueKey(owner.frch_id, owner.user_id));
}

/** Logout and 401: the token and the user key go (spec §4). */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(USER_KEY_STORAGE_KEY);
}

export function readUserKey(): string | null {
  return localStorage.getItem(USER_KEY_STORAGE_KEY);
}

/** The stored token if it decodes and has not expired; otherwise the session is cleared and null returned. */
export function readValidToken(nowMs: number = Date.now()): string | null {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token === null) return null;
  const claims = decodeTokenClaims(token);
  if (claims && !isTokenExpired(claims, nowMs)) return token;
  clearSession();
  return null;
}

/** Stores a valid, unexpired `?token=` from a query string; answers whether it did. */
export function storeTokenFromQuery(search: string, nowMs: number = Date.now()): boolean {
  const token = new URLSearchParams(search).get(TOKEN_QUERY_PARAM);
  if (!token) return false;
  const claims = decodeTokenClaims(token);
  if (!claims || isTokenExpired(claims, nowMs)) return false;
  saveSession(token, claims);
  return true;
}
