import { setPasswordAndRevokeTokens, type LoginName } from '../data/users-repository';
import { hashPassword } from '../platform/auth/passwords';
import { now as clockNow } from '../platform/clock';
import { notifyUser } from '../notifications/notify-user';
import { OtpRejectedError, redeemOtp } from '../otp/one-time-codes';
import type { Caller } from './caller';
import { forgetLoginFailures } from './login-throttle';
import { assertNotCommonPassword } from './password-policy';
import { passwordResetSubject } from './password-reset-subject';
import { revocationCutoff } from './session-token';

/**
 * Step 'reset': redeems the code, sets the new password and revokes every earlier token. A login
 * name without an account answers exactly as a wrong code does. Answers whose password changed.
 */
export async function resetPasswordWithOtp(
  caller: Caller,
  input: LoginName & { otp: string; new_password: string },
  now = clockNow(),
): Promise<{ frchId: number; userId: number }> {
  const { frchId } = caller;
  assertNotCommonPassword(input.new_password, 'new_password');
  const { subject, account } = await passwordResetSubject(frchId, input);
  await redeemOtp(subject, input.otp, now);
  if (!account) throw new OtpRejectedError('otp-invalid');
  const passwordHash = await hashPassword(input.new_password);
  await setPasswordAndRevokeTokens(frchId, account.user_id, passwordHash, revocationCutoff(account, now), now);
  await forgetLoginFailures(frchId, [account.email, account.mobile_no], caller.sourceIp);
  await notifyUser(
    frchId,
    account.user_id,
    { notifyType: 'Password Changed', message: 'Your password was reset with a code sent to your email. All sessions were signed out.' },
    caller.log,
  );
  return { frchId, userId: account.user_id };
}
