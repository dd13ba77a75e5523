import { LOGIN_CODE_REQUIRED_DETAIL } from '../../shared/contracts/auth';
import { LOGIN_THROTTLE } from '../../shared/domain/otp';
import type { UserItem } from '../data/user-item';
import { config } from '../platform/config';
import { DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { sendFranchiseMail } from '../mail/franchise-mailer';
import { notifyUser } from '../notifications/notify-user';
import { issueOtp, otpRequestKey, redeemOtp, type OtpSubject } from '../otp/one-time-codes';
import { otpMail } from '../otp/otp-mail';
import { reserveOrRefuse } from '../limits/limiter';
import { OTP_REQUESTS_PER_ACCOUNT, TOO_MANY_REQUESTS_MESSAGE } from '../limits/rules';

/**
 * The second proof a right password needs while its login name is under attack (login-throttle.ts):
 * the captcha, when the tenant has one (already checked on every login), else a code mailed to the
 * owner. Only a right password gets a code mailed, so an attacker cannot flood the owner's inbox.
 */
export const LOGIN_CODE_SENT_MESSAGE = 'Many wrong passwords were tried on this account, so we emailed you a login code. Enter it to finish logging in.';
export const LOGIN_ATTACK_NOTIFICATION_TYPE = 'Login Attempts';

/** 401 naming `login_otp` in its details, so the login screen asks for the mailed code. */
export class LoginCodeRequiredError extends DomainError {
  constructor() {
    super(401, 'UNAUTHORIZED', LOGIN_CODE_SENT_MESSAGE, [LOGIN_CODE_REQUIRED_DETAIL]);
  }
}

function loginCodeSubject(user: UserItem): OtpSubject {
  return { frchId: user.frch_id, purpose: 'login', owner: { kind: 'account', userId: user.user_id }, target: '' };
}

/** Passes with a right code (422 for a wrong or expired one); without one, mails a code and answers LoginCodeRequiredError. */
export async function proveAccountOwner(user: UserItem, code: string | undefined, log: Logger, now: Date): Promise<void> {
  if (config().captchaSecret) return;
  const subject = loginCodeSubject(user);
  if (code !== undefined) {
    await redeemOtp(subject, code, now);
    return;
  }
  await reserveOrRefuse(OTP_REQUESTS_PER_ACCOUNT, otpRequestKey(subject), now, TOO_MANY_REQUESTS_MESSAGE);
  const issued = await issueOtp(subject, now);
  try {
    await sendFranchiseMail(user.frch_id, otpMail('login', user.email, issued), log);
  } catch (error) {
    log.error('login code not mailed', { error });
  }
  throw new LoginCodeRequiredError();
}

/** Tells the owner, in the app and by mail, once their login name becomes challenged. */
export async function tellOwnerOfAttack(user: UserItem, log: Logger): Promise<void> {
  const message = `${LOGIN_THROTTLE.accountChallenge} wrong passwords were just tried on your account. Your account is not locked: for a while, logging in also needs a code we email to you. If this was not you, consider changing your password.`;
  await notifyUser(user.frch_id, user.user_id, { notifyType: LOGIN_ATTACK_NOTIFICATION_TYPE, message }, log);
  try {
    await sendFranchiseMail(user.frch_id, { to: user.email, subject: 'Wrong passwords were tried on your TradeBridge account', text: message }, log);
  } catch (error) {
    log.error('login attack notice not mailed', { error });
  }
}
