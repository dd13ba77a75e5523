import * as z from 'zod';

/** A Fyers session: what every authenticated call needs (`Authorization: <app_id>:<access_token>`, §5.2). */
export interface FyersSession {
  readonly appId: string;
  readonly accessToken: string;
  /** The Fyers client id (`fy_id`). */
  readonly userId: string;
  /** Epoch ms after which the access token is not used (calls are refused without calling Fyers). */
  readonly validUntil: number;
}

/** What a login grants: the session, and the refresh token that renews it for 15 days (§5.1). */
export interface FyersGrant {
  readonly session: FyersSession;
  readonly refreshToken: string;
  readonly refreshValidUntil: number;
}

const jwtClaims = z.object({ exp: z.number().positive() });

/** The `exp` of a JWT in epoch ms, or null when the token is not a readable JWT. Nothing is verified: Fyers does that. */
function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = jwtClaims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return claims.success ? claims.data.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** When Fyers stops honouring a token: its JWT `exp`, else `issuedAt + fallbackLifetimeMs`. */
export function fyersTokenExpiry(token: string, issuedAt: number, fallbackLifetimeMs: number): number {
  return jwtExpiry(token) ?? issuedAt + fallbackLifetimeMs;
}
