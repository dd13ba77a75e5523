import type { CallRole } from '../../shared/domain/roles';
import { hasRole } from '../../shared/domain/roles';
import { getUser } from '../data/users-repository';
import { readSubUserFlags } from '../sub-users/sub-user-flags';
import { verifyToken } from '../platform/auth/tokens';
import { ForbiddenError, UnauthorizedError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';

/** Spec §7 sends the stored token as the Authorization header; `Bearer ` is accepted and preferred. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const token = authorization.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 ? token : null;
}

/**
 * Verifies the token, binds it to the request's franchise, checks it was not revoked and that the
 * user is still active, then checks the role the call requires.
 */
export async function authenticate(authorization: string | undefined, franchiseId: number, role: CallRole): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError('Missing token');
  const claims = await verifyToken(token);
  if (claims.frch_id !== franchiseId) throw new UnauthorizedError('Invalid token');
  const user = await getUser(claims.frch_id, claims.user_id);
  if (!user || user.profile_status !== 'active' || claims.iat < user.tokens_valid_after || user.revoked_tokens?.[claims.jti] !== undefined) {
    throw new UnauthorizedError('Session ended. Please log in again.');
  }
  const roles = {
    is_brokerpanel: user.is_brokerpanel,
    is_white_label: user.is_white_label,
    can_add_subuser: user.can_add_subuser,
    // One source for the static-IP flag: the purchase-IP permission (ADR 0014), not a field of its own.
    is_ip_enable: readSubUserFlags(user).purchaseIpAllowed,
  };
  if (!hasRole(roles, role)) throw new ForbiddenError();
  return { userId: user.user_id, frchId: user.frch_id, roles, tokenIssuedAt: claims.iat, tokenId: claims.jti };
}
