import { sendMail } from '../platform/mail/send-mail';
import { verifyCaptcha } from '../platform/captcha/verify-captcha';
import { issueOtp, otpRequestKey } from '../platform/otp/one-time-codes';
import { otpMail } from '../platform/otp/otp-mail';
import { tryTake } from '../platform/rate-limit/limiter';
import { OTP_REQUESTS_PER_ACCOUNT } from '../platform/rate-limit/rules';
import type { LoginName } from '../data/users-repository';
import type { Caller } from './caller';
import { passwordResetSubject } from './password-reset-subject';
import { now as clockNow } from '../platform/clock';

/**
 * Step 'request': mails a new code to the account's email, if the login name has an account.
 * Nothing in the outcome tells whether it does: a name without an account gets a code stored
 * (never mailed), too many requests are dropped silently, and a mail that cannot be sent is
 * logged rather than answered with an error only existing accounts could cause.
 */
export async function requestPasswordReset(
  caller: Caller,
  input: LoginName & { captcha_token?: string | undefined },
  now = clockNow(),
): Promise<void> {
  await verifyCaptcha(input.captcha_token, caller.sourceIp, caller.log);
  const { subject, account } = await passwordResetSubject(caller.frchId, input);
  if (!(await tryTake(OTP_REQUESTS_PER_ACCOUNT, otpRequestKey(subject), now))) {
    caller.log.info('password reset code not sent: too many requests');
    return;
  }
  const code = await issueOtp(subject, now);
  if (!account) return;
  try {
    await sendMail(otpMail('forgot-password', account.email, code), caller.log);
  } catch (error) {
    caller.log.error('password reset code not mailed', { error });
  }
}
