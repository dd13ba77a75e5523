import type { z } from 'zod';
import { authContracts } from '@shared/contracts/auth';
import { SELF_SERVICE_AUTH } from '@/config/build-flags';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { confirmPasswordProblem } from './password-confirmation';

export type ForgotPasswordRequest = z.input<typeof authContracts.forgotPassword.request>;
export type CodeRequest = Extract<ForgotPasswordRequest, { step: 'request' }>;
export type ResetRequest = Extract<ForgotPasswordRequest, { step: 'reset' }>;
type IdentifierField = 'email' | 'mobile_no';

export interface AccountIdentifier {
  field: IdentifierField;
  label: string;
  type: 'email' | 'tel';
  autoComplete: string;
}

/** Which account detail the screen asks for: the email (self-service) or the registered mobile (managed). */
const IDENTIFIERS: Readonly<Record<'selfService' | 'managed', AccountIdentifier>> = {
  selfService: { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  managed: { field: 'mobile_no', label: 'Registered mobile number', type: 'tel', autoComplete: 'tel-national' },
};

export function accountIdentifier(selfServiceAuth: boolean = SELF_SERVICE_AUTH): AccountIdentifier {
  return IDENTIFIERS[selfServiceAuth ? 'selfService' : 'managed'];
}

/** The server answers the same whether or not the account exists, and so does the screen. */
export const OTP_SENT_NOTICE = 'If an account exists, we have sent a 6-digit code to its email.';
export const NEW_OTP_SENT_NOTICE = 'If an account exists, we have sent a new 6-digit code to its email.';

function identifierPart(identifier: AccountIdentifier, value: string) {
  return identifier.field === 'email' ? { email: value } : { mobile_no: value };
}

export function codeRequest(identifier: AccountIdentifier, value: string): CodeRequest {
  return { step: 'request', ...identifierPart(identifier, value) };
}

export type ResetFormValues = { otp: string; new_password: string; confirm_password: string };
export const EMPTY_RESET_FORM: ResetFormValues = { otp: '', new_password: '', confirm_password: '' };

export function resetRequest(identifier: AccountIdentifier, value: string, form: ResetFormValues): ResetRequest {
  return { step: 'reset', ...identifierPart(identifier, value), otp: form.otp, new_password: form.new_password };
}

/** Messages keyed by form field; the identifier's messages land on the one identifier input. */
export function validateCodeRequest(identifier: AccountIdentifier, value: string): FieldErrors {
  const errors = fieldErrorsOf(authContracts.forgotPassword.request, codeRequest(identifier, value));
  const message = errors.email ?? errors.mobile_no;
  return message ? { identifier: message } : {};
}

export function validateReset(identifier: AccountIdentifier, value: string, form: ResetFormValues): FieldErrors {
  const { otp, new_password } = fieldErrorsOf(authContracts.forgotPassword.request, resetRequest(identifier, value, form));
  const confirm_password = confirmPasswordProblem(form.new_password, form.confirm_password);
  return Object.fromEntries(
    Object.entries({ otp, new_password, confirm_password }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
