import { getUser } from '../data/users-repository';
import { ForbiddenError } from '../platform/errors';
import { readSubUserFlags } from './sub-user-flags';

/**
 * Where a parent's flags take effect (issue 19, ADR 0013): read from the user's own profile at the moment
 * of the action, so a flag switched off stops the next attempt. A user nobody restricted is allowed.
 */
export const DEMAT_NOT_ALLOWED_MESSAGE = 'Your account manager has not allowed you to connect broker accounts.';
export const SUB_USER_DEMAT_NOT_ALLOWED_MESSAGE = 'This user is not allowed to connect broker accounts. Turn on its demat permission first.';
export const LINK_SHARING_NOT_ALLOWED_MESSAGE = 'Your account manager has not allowed you to share broker connection links.';

async function flagsOf(user: { readonly frchId: number; readonly userId: number }) {
  const item = await getUser(user.frchId, user.userId);
  return item ? readSubUserFlags(item) : null;
}

/** Connecting or reconnecting a broker account for `owner` (by itself or by its parent): 403 while its demat flag is off. */
export async function assertMayConnectBrokers(owner: { readonly frchId: number; readonly userId: number }, message = DEMAT_NOT_ALLOWED_MESSAGE): Promise<void> {
  const flags = await flagsOf(owner);
  if (flags && !flags.dematAllowed) throw new ForbiddenError(message);
}

/** Making a broker-connection link: 403 while the user's link-sharing flag is off. */
export async function assertMayShareLinks(user: { readonly frchId: number; readonly userId: number }): Promise<void> {
  const flags = await flagsOf(user);
  if (flags && !flags.linkSharing) throw new ForbiddenError(LINK_SHARING_NOT_ALLOWED_MESSAGE);
}
