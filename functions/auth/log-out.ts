import { getUser, replaceRevokedTokens, revokeTokensIssuedBefore } from '../data/users-repository';
import { now as clockNow } from '../platform/clock';
import { MAX_TOKEN_TTL_HOURS } from '../platform/config';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { revocationCutoff } from './session-token';

/**
 * Logout on the server (issue 14): the caller's token is revoked by its id, so a copy of it stops
 * working at once — the next call and the realtime socket answer 401 — while the user's other sessions
 * go on; `allDevices` revokes every token issued until now. Revoked ids are kept until the token
 * could have expired anyway, then pruned.
 */
const ATTEMPTS = 3;

export async function logOut(principal: Pick<Principal, 'frchId' | 'userId' | 'tokenId' | 'tokenIssuedAt'>, allDevices: boolean, now = clockNow()): Promise<void> {
  const { frchId, userId } = principal;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const user = await getUser(frchId, userId);
    if (!user) throw new NotFoundError('User not found');
    if (allDevices) {
      await revokeTokensIssuedBefore(frchId, userId, revocationCutoff(user, now), now);
      return;
    }
    const stillLive = Object.entries(user.revoked_tokens ?? {}).filter(([, expiresBy]) => expiresBy > nowSeconds);
    const revoked = Object.fromEntries([...stillLive, [principal.tokenId, principal.tokenIssuedAt + MAX_TOKEN_TTL_HOURS * 3600]]);
    if (await replaceRevokedTokens(frchId, userId, revoked, user.updatedAt, now)) return;
  }
  throw new ConflictError('The account changed while logging out; please try again.');
}
