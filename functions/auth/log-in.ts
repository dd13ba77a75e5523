import type { z } from 'zod';
import type { userLoginRequestSchema } from '../../shared/contracts/auth';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { findUserIdByLoginName, getUser, updatePasswordHash } from '../data/users-repository';
import { toUserProfile } from '../data/user-item';
import { hashPassword, needsRehash, verifyPassword } from '../platform/auth/passwords';
import { verifyCaptcha } from '../platform/captcha/verify-captcha';
import { now as clockNow } from '../platform/clock';
import { UnauthorizedError } from '../platform/errors';
import type { Caller } from './caller';
import { proveAccountOwner, tellOwnerOfAttack } from './login-challenge';
import { beginLoginAttempt } from './login-throttle';
import { issueSessionToken } from './session-token';

export type LogInInput = z.infer<typeof userLoginRequestSchema>;

const WRONG_CREDENTIALS = 'Invalid credentials. Please check your email or mobile number and password.';

/**
 * Checks the credentials within the request's franchise and issues a token. Captcha first, then the
 * fair throttle (429 while a delay runs). An unknown user and a wrong password take the same path (a
 * decoy hash is verified) and get the same answer; both count as failures. A right password on a name
 * under attack also needs the mailed code (login-challenge.ts); an upgraded hash is stored after login.
 */
export async function logIn(caller: Caller, input: LogInInput, now = clockNow()): Promise<{ token: string; user: UserProfile }> {
  const { frchId } = caller;
  await verifyCaptcha(input.captcha_token, caller.sourceIp, caller.log);
  const attempt = await beginLoginAttempt(frchId, input.email ?? input.mobile_no ?? '', caller.sourceIp, now);
  const userId = await findUserIdByLoginName(frchId, input);
  const user = userId === null ? null : await getUser(frchId, userId);
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !passwordMatches || user.profile_status !== 'active') {
    const { challengeStarted } = await attempt.failed();
    if (challengeStarted && user) await tellOwnerOfAttack(user, caller.log);
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  }
  if (attempt.challenged) await proveAccountOwner(user, input.login_otp, caller.log, now);
  await attempt.succeeded();
  if (needsRehash(user.password_hash)) {
    await updatePasswordHash(frchId, user.user_id, await hashPassword(input.password));
  }
  const { token } = await issueSessionToken(user, now);
  return { token, user: toUserProfile(user) };
}
