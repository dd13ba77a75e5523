import type { OtpOwner } from '../data/otp-repository';
import type { UserItem } from '../data/user-item';
import { findUserIdByLoginName, getUser, type LoginName } from '../data/users-repository';
import { identifierDigest, type OtpSubject } from '../otp/one-time-codes';

/**
 * The OTP subject of a forgot-password call: the active account the login name names, or, when
 * there is none, a stand-in keyed by the name, so both paths store, count and answer alike.
 */
export async function passwordResetSubject(frchId: number, name: LoginName): Promise<{ subject: OtpSubject; account: UserItem | null }> {
  const userId = await findUserIdByLoginName(frchId, name);
  const user = userId === null ? null : await getUser(frchId, userId);
  const account = user?.profile_status === 'active' ? user : null;
  const owner: OtpOwner = account
    ? { kind: 'account', userId: account.user_id }
    : { kind: 'unknown', identifierDigest: await identifierDigest(frchId, name.email ?? name.mobile_no ?? '') };
  return { subject: { frchId, purpose: 'forgot-password', owner, target: '' }, account };
}
