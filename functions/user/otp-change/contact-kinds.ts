import type { OtpPurpose } from '../../../shared/domain/otp';
import type { UserItem } from '../../data/user-item';
import type { ContactField } from '../../data/users-repository';

/** What differs between an email change and a mobile change confirmed by an OTP. */
export interface ContactKind {
  readonly field: ContactField;
  readonly purpose: OtpPurpose;
  readonly inUseMessage: string;
  readonly unchangedMessage: string;
  readonly notifyType: string;
  readonly changedMessage: (value: string) => string;
  /** Who gets the code: the new address proves itself; a new mobile is confirmed by mail (no SMS). */
  readonly codeRecipient: (user: UserItem, newValue: string) => string;
}

export const EMAIL_CHANGE: ContactKind = {
  field: 'email',
  purpose: 'change-email',
  inUseMessage: 'This email is already in use.',
  unchangedMessage: 'This is already your email address.',
  notifyType: 'Email Changed',
  changedMessage: (email) => `Your email address was changed to ${email}.`,
  codeRecipient: (_user, newEmail) => newEmail,
};

export const MOBILE_CHANGE: ContactKind = {
  field: 'mobile_no',
  purpose: 'change-mobile',
  inUseMessage: 'This mobile number is already in use.',
  unchangedMessage: 'This is already your mobile number.',
  notifyType: 'Mobile Changed',
  changedMessage: (mobile) => `Your mobile number was changed to ${mobile}.`,
  codeRecipient: (user) => user.email,
};
