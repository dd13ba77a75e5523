import type { z } from 'zod';
import { userContracts } from '@shared/contracts/user';
import { otpField } from '@shared/contracts/fields';
import type { UserProfile } from '@shared/contracts/user-profile';
import { callApi } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';

export type ContactKind = 'mobile' | 'email';

type ChangeAnswer = z.output<typeof userContracts.updateUserMobileNo.response>;

export interface ContactChange {
  title: string;
  label: string;
  inputType: 'tel' | 'email';
  autoComplete: string;
  current: (profile: UserProfile) => string;
  /** Where the code went, said once it is sent. */
  codeSentNotice: string;
  doneNotice: string;
  /** The contract's message for a value it refuses, if any. */
  valueProblem: (value: string) => string | undefined;
  requestCode: (value: string) => Promise<ChangeAnswer>;
  confirm: (value: string, otp: string) => Promise<ChangeAnswer>;
}

/** Changing the mobile number or the email: the same OTP flow (request → code → confirm) on two calls. */
export const CONTACT_CHANGES: Readonly<Record<ContactKind, ContactChange>> = {
  mobile: {
    title: 'Change mobile number',
    label: 'New mobile number',
    inputType: 'tel',
    autoComplete: 'tel-national',
    current: (profile) => profile.mobile_no,
    codeSentNotice: "We have sent a 6-digit code to your account's email.",
    doneNotice: 'Your mobile number has been changed.',
    valueProblem: (mobile_no) =>
      fieldErrorsOf(userContracts.updateUserMobileNo.request, { step: 'request', mobile_no }).mobile_no,
    requestCode: (mobile_no) => callApi(userContracts.updateUserMobileNo, { step: 'request', mobile_no }),
    confirm: (mobile_no, otp) => callApi(userContracts.updateUserMobileNo, { step: 'confirm', mobile_no, otp }),
  },
  email: {
    title: 'Change email',
    label: 'New email',
    inputType: 'email',
    autoComplete: 'email',
    current: (profile) => profile.email,
    codeSentNotice: 'We have sent a 6-digit code to the new address.',
    doneNotice: 'Your email has been changed.',
    valueProblem: (email) => fieldErrorsOf(userContracts.updateUserEmail.request, { step: 'request', email }).email,
    requestCode: (email) => callApi(userContracts.updateUserEmail, { step: 'request', email }),
    confirm: (email, otp) => callApi(userContracts.updateUserEmail, { step: 'confirm', email, otp }),
  },
};

export function otpProblem(otp: string): string | undefined {
  const parsed = otpField.safeParse(otp);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
