import { sendFranchiseMail } from '../mail/franchise-mailer';
import { verifyCaptcha } from '../platform/captcha/verify-captcha';
import { issueOtp, otpRequestKey } from '../otp/one-time-codes';
import { otpMail } from '../otp/otp-mail';
import { reserveOrRefuse } from '../limits/limiter';
import { OTP_REQUESTS_PER_ACCOUNT, OTP_REQUESTS_PER_ADDRESS, TOO_MANY_REQUESTS_MESSAGE } from '../limits/rules';
import type { LoginName } from '../data/users-repository';
import type { Caller } from './caller';
import { passwordResetSubject } from './password-reset-subject';
import { now as clockNow } from '../platform/clock';

/**
 * Step 'request': mails a new code to the account's email, if the login name has an account.
 * Nothing in the outcome tells whether it does: a name without an account gets a code stored
 * (never mailed) and is budgeted the same way, and a mail that cannot be sent is logged rather than
 * answered with an error only existing accounts could cause. Too many requests for one login name,
 * or from one client address, answer a clear 429 (Retry-After) rather than silently sending nothing.
 */
export async function requestPasswordReset(
  caller: Caller,
  input: LoginName & { captcha_token?: string | undefined },
  now = clockNow(),
): Promise<void> {
  await verifyCaptcha(input.captcha_token, caller.sourceIp, caller.log);
  await reserveOrRefuse(OTP_REQUESTS_PER_ADDRESS, `${caller.frchId}:${caller.sourceIp}`, now, TOO_MANY_REQUESTS_MESSAGE);
  const { subject, account } = await passwordResetSubject(caller.frchId, input);
  await reserveOrRefuse(OTP_REQUESTS_PER_ACCOUNT, otpRequestKey(subject), now, TOO_MANY_REQUESTS_MESSAGE);
  const code = await issueOtp(subject, now);
  if (!account) return;
  try {
    await sendFranchiseMail(caller.frchId, otpMail('forgot-password', account.email, code), caller.log);
  } catch (error) {
    caller.log.error('password reset code not mailed', { error });
  }
}
