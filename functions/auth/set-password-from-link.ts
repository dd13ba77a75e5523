import type { z } from 'zod';
import type { passwordSetupContracts } from '../../shared/contracts/password-setup';
import { getPasswordLink, usePasswordLink } from '../data/sub-users/password-links-repository';
import { getUser } from '../data/users-repository';
import { hashPassword } from '../platform/auth/passwords';
import { now as clockNow } from '../platform/clock';
import { BadRequestError } from '../platform/errors';
import { passwordLinkDigest } from '../sub-users/password-link';
import { assertNotCommonPassword } from './password-policy';

export type SetPasswordInput = z.infer<typeof passwordSetupContracts.setPassword.request>;

export const INVALID_PASSWORD_LINK_MESSAGE = 'This link is not valid. Ask for a new one.';
export const EXPIRED_PASSWORD_LINK_MESSAGE = 'This link has expired. Ask for a new one.';
export const USED_PASSWORD_LINK_MESSAGE = 'This link has already been used. Sign in with your password, or reset it.';

/**
 * Sets the first password of a user from its welcome mail's link: the link must exist, be unused and
 * unexpired; the password follows register's policy (the contract's rules, and not a common one). The
 * password and the link's use are one transaction, so a link works once even when used twice at once.
 * Answers the email to sign in with. `frchId`: the franchise of the site the request came to. Which of unknown, used and expired a link is may be said: the
 * token is 256 random bits, so the answer helps nobody guess one.
 */
export async function setPasswordFromLink(frchId: number, input: SetPasswordInput, now = clockNow()): Promise<{ email: string; userId: number }> {
  assertNotCommonPassword(input.password, 'password');
  const digest = passwordLinkDigest(input.token);
  const link = await getPasswordLink(digest);
  // A link opens on its own franchise's site only.
  if (!link || link.frch_id !== frchId) throw new BadRequestError(INVALID_PASSWORD_LINK_MESSAGE);
  if (link.used_at) throw new BadRequestError(USED_PASSWORD_LINK_MESSAGE);
  if (link.expiresAt * 1000 <= now.getTime()) throw new BadRequestError(EXPIRED_PASSWORD_LINK_MESSAGE);
  const user = await getUser(link.frch_id, link.user_id);
  if (!user) throw new BadRequestError(INVALID_PASSWORD_LINK_MESSAGE);
  if (!(await usePasswordLink(digest, link, await hashPassword(input.password), now))) throw new BadRequestError(INVALID_PASSWORD_LINK_MESSAGE);
  return { email: user.email, userId: user.user_id };
}
