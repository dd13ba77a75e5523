import { OTP_TTL_MINUTES, type OtpPurpose } from '../../shared/domain/otp';
import type { MailMessage } from '../platform/mail/mail-message';

const PURPOSE_WORDING: Readonly<Record<OtpPurpose, { subject: string; action: string }>> = {
  'forgot-password': { subject: 'Your TradeBridge password reset code', action: 'reset your password' },
  'change-email': { subject: 'Confirm your new TradeBridge email address', action: 'confirm your new email address' },
  'change-mobile': { subject: 'Confirm your new TradeBridge mobile number', action: 'confirm your new mobile number' },
  login: { subject: 'Your TradeBridge login code', action: 'finish logging in' },
};

/** The mail that carries a code: the code is in the text only, never in the subject. */
export function otpMail(purpose: OtpPurpose, to: string, code: string): MailMessage {
  const { subject, action } = PURPOSE_WORDING[purpose];
  return {
    to,
    subject,
    text: [
      `Your code to ${action} is ${code}.`,
      `It expires in ${OTP_TTL_MINUTES} minutes. Never share it with anyone.`,
      'If you did not ask for this code, you can ignore this mail.',
    ].join('\n\n'),
  };
}
