import { findReferrerId } from '../data/referrals-repository';
import type { UserItem } from '../data/user-item';
import { getUser } from '../data/users-repository';
import { BadRequestError } from '../platform/errors';

export const INVALID_REFERRAL_MESSAGE = 'Invalid referral code';

/** The active user who owns the referral code in this franchise, or 400 'Invalid referral code'. */
export async function referrerOrRefuse(frchId: number, code: string): Promise<UserItem> {
  const referrerId = await findReferrerId(frchId, code);
  const referrer = referrerId === null ? null : await getUser(frchId, referrerId);
  if (!referrer || referrer.profile_status !== 'active') throw new BadRequestError(INVALID_REFERRAL_MESSAGE);
  return referrer;
}

/** How a referrer is shown to the person they invited: first name and last initial ("Asha K."). */
export function referrerDisplayName(user: Pick<UserItem, 'first_name' | 'last_name'>): string {
  const initial = user.last_name.trim().charAt(0).toUpperCase();
  return initial ? `${user.first_name.trim()} ${initial}.` : user.first_name.trim();
}
