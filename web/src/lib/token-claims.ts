import type { z } from 'zod';
import { tokenClaimsSchema } from '@shared/contracts/user-profile';

/** The claims the SPA needs from the login token (spec §3, "Token fields"). */
const storedTokenClaimsSchema = tokenClaimsSchema.pick({ user_id: true, frch_id: true, exp: true });
export type StoredTokenClaims = z.infer<typeof storedTokenClaimsSchema>;

/** Reads a JWT's payload without verifying it (the server verifies); null when it is not a well-formed token. */
export function decodeTokenClaims(token: string): StoredTokenClaims | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const json: unknown = JSON.parse(decodeBase64Url(payload));
    const parsed = storedTokenClaimsSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `exp` is in seconds since the epoch; a token whose expiry is not in the future is expired (spec §5). */
export function isTokenExpired(claims: StoredTokenClaims, nowMs: number = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
