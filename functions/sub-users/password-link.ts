import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_LINK_VALID_HOURS } from '../../shared/contracts/password-setup';
import { WEB_BASE_PATH } from '../../shared/domain/constants';
import { storePasswordLink } from '../data/sub-users/password-links-repository';
import { now as clockNow } from '../platform/clock';

/** The digest a link is stored under: SHA-256 of its token, hex. */
export function passwordLinkDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new single-use set-password link for the user: 32 random bytes (43 base64url characters) valid for
 * PASSWORD_LINK_VALID_HOURS; only the token's digest is stored. `origin` is the site the parent's request
 * came to (payments/payment-urls.ts `siteOrigin`), so the link opens the franchise's own SPA.
 */
export async function createPasswordLink(owner: { frchId: number; userId: number }, origin: string, now = clockNow()): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_VALID_HOURS * 3_600_000);
  await storePasswordLink(passwordLinkDigest(token), owner, expiresAt, now);
  return { url: `${origin}${WEB_BASE_PATH}setpassword?token=${token}`, expiresAt };
}
