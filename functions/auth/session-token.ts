import type { UserItem } from '../data/user-item';
import { issueToken, type IssuedToken } from '../platform/auth/tokens';
import { now as clockNow } from '../platform/clock';

type TokenOwner = Pick<UserItem, 'user_id' | 'frch_id' | 'tokens_valid_after'>;

/**
 * A token is revoked when its `iat` (whole seconds) is before the user's `tokens_valid_after`.
 * Revoking moves the cut-off to the second after now (and past any earlier cut-off), so every
 * token issued so far, even within this very second, stops working.
 */
export function revocationCutoff(user: Pick<UserItem, 'tokens_valid_after'>, now = clockNow()): number {
  return Math.max(Math.floor(now.getTime() / 1000), user.tokens_valid_after) + 1;
}

/** Issues a token dated no earlier than the user's cut-off, so it works at once after a revocation. */
export function issueSessionToken(user: TokenOwner, now = clockNow()): Promise<IssuedToken> {
  return issueToken(user.user_id, user.frch_id, new Date(Math.max(now.getTime(), user.tokens_valid_after * 1000)));
}
