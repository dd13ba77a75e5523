import type { z } from 'zod';
import type { userLoginRequestSchema } from '../../shared/contracts/auth';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { findUserIdByEmail, findUserIdByMobile, getUser, updatePasswordHash } from '../data/users-repository';
import { toUserProfile } from '../data/user-item';
import { hashPassword, needsRehash, verifyPassword } from '../platform/auth/passwords';
import { issueToken } from '../platform/auth/tokens';
import { UnauthorizedError } from '../platform/errors';

export type LogInInput = z.infer<typeof userLoginRequestSchema>;

const WRONG_CREDENTIALS = 'Invalid credentials. Please check your email or mobile number and password.';

/**
 * Checks the credentials within the request's franchise and issues a token. An unknown user and a
 * wrong password take the same path (a decoy hash is verified) and get the same answer.
 */
export async function logIn(frchId: number, input: LogInInput): Promise<{ token: string; user: UserProfile }> {
  const userId = input.email
    ? await findUserIdByEmail(frchId, input.email)
    : await findUserIdByMobile(frchId, input.mobile_no ?? '');
  const user = userId === null ? null : await getUser(frchId, userId);
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !passwordMatches || user.profile_status !== 'active') throw new UnauthorizedError(WRONG_CREDENTIALS);
  if (needsRehash(user.password_hash)) {
    await updatePasswordHash(frchId, user.user_id, await hashPassword(input.password));
  }
  const { token } = await issueToken(user.user_id, frchId);
  return { token, user: toUserProfile(user) };
}
