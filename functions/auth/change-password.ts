import { getUser, setPasswordAndRevokeTokens } from '../data/users-repository';
import { hashPassword, verifyPassword } from '../platform/auth/passwords';
import { now as clockNow } from '../platform/clock';
import { BadRequestError, NotFoundError, ValidationError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { notifyUser } from '../notifications/notify-user';
import { reserveOrRefuse } from '../limits/limiter';
import { PASSWORD_CHECK_FAILURES_PER_USER } from '../limits/rules';
import { assertNotCommonPassword, SAME_PASSWORD_MESSAGE } from './password-policy';
import { issueSessionToken, revocationCutoff } from './session-token';

export const OLD_PASSWORD_INCORRECT_MESSAGE = 'Old password is incorrect.';

/**
 * A signed-in password change: the old password must match (wrong guesses are budgeted like
 * logins), the new one must differ and not be common. Every earlier token, the caller's own
 * included, is revoked; the answer is a fresh token that works at once.
 */
export async function changePassword(
  principal: Pick<Principal, 'frchId' | 'userId'>,
  input: { old_password: string; new_password: string },
  log: Logger,
  now = clockNow(),
): Promise<string> {
  const { frchId, userId } = principal;
  if (input.new_password === input.old_password) {
    throw new ValidationError([{ path: 'new_password', message: SAME_PASSWORD_MESSAGE }], SAME_PASSWORD_MESSAGE);
  }
  assertNotCommonPassword(input.new_password, 'new_password');
  const user = await getUser(frchId, userId);
  if (!user) throw new NotFoundError('User not found');
  const check = await reserveOrRefuse(PASSWORD_CHECK_FAILURES_PER_USER, `${frchId}:${userId}`, now);
  if (!(await verifyPassword(input.old_password, user.password_hash))) throw new BadRequestError(OLD_PASSWORD_INCORRECT_MESSAGE);
  await check.clear();
  const cutoff = revocationCutoff(user, now);
  await setPasswordAndRevokeTokens(frchId, userId, await hashPassword(input.new_password), cutoff, now);
  const { token } = await issueSessionToken({ ...user, tokens_valid_after: cutoff }, now);
  const message = 'Your password was changed. Other sessions were signed out.';
  await notifyUser(frchId, userId, { notifyType: 'Password Changed', message }, log);
  return token;
}
