import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ulid } from 'ulid';
import { tokenClaimsSchema, type TokenClaims } from '../../../shared/contracts/user-profile';
import { now as clockNow } from '../clock';
import { config } from '../config';
import { UnauthorizedError } from '../errors';
import { signingKey, signingKeys } from './signing-key';

const ALGORITHM = 'HS256';
const ISSUER = 'tradebridge';

export interface IssuedToken {
  readonly token: string;
  readonly claims: TokenClaims;
}

export async function issueToken(userId: number, frchId: number, now = clockNow()): Promise<IssuedToken> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    user_id: userId,
    frch_id: frchId,
    iat,
    exp: iat + Math.round(config().tokenTtlHours * 3600),
    jti: ulid(),
  };
  const token = await new SignJWT({ user_id: claims.user_id, frch_id: claims.frch_id })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .setJti(claims.jti)
    .sign(await signingKey());
  return { token, claims };
}

const verifyOptions = (now: Date) => ({ algorithms: [ALGORITHM], issuer: ISSUER, requiredClaims: ['exp', 'iat', 'jti'], currentDate: now, clockTolerance: 5 });

/** The payload under the current key, or under the previous one for a token signed before the last rotation. */
async function verifiedPayload(token: string, now: Date) {
  const keys = await signingKeys();
  try {
    return (await jwtVerify(token, keys.current, verifyOptions(now))).payload;
  } catch (error) {
    if (!(error instanceof joseErrors.JWSSignatureVerificationFailed) || keys.previous === null) throw error;
    return (await jwtVerify(token, keys.previous, verifyOptions(now))).payload;
  }
}

/** Verifies signature (algorithm pinned), issuer and expiry; answers the claims or throws 401. */
export async function verifyToken(token: string, now = clockNow()): Promise<TokenClaims> {
  try {
    const payload = await verifiedPayload(token, now);
    const claims = tokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new UnauthorizedError('Invalid token');
    return claims.data;
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedError('Token expired', 'TOKEN_EXPIRED');
    throw new UnauthorizedError('Invalid token');
  }
}
