import type { z } from 'zod';
import { authContracts } from '@shared/contracts/auth';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { confirmPasswordProblem } from './password-confirmation';

export type RegisterRequest = z.input<typeof authContracts.userRegister.request>;

export type RegisterFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  mobile_no: string;
  password: string;
  confirm_password: string;
  referral_code: string;
};

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  mobile_no: '',
  password: '',
  confirm_password: '',
  referral_code: '',
};

/** The request the form stands for; an empty referral code is left out (it is optional). */
export function toRegisterRequest(values: RegisterFormValues): RegisterRequest {
  const { confirm_password: _confirmation, referral_code, ...fields } = values;
  const referralCode = referral_code.trim();
  return referralCode ? { ...fields, referral_code: referralCode } : fields;
}

/** The contract's own messages (the server applies the same schema), plus the confirmation check. */
export function validateRegisterForm(values: RegisterFormValues): FieldErrors {
  const errors = { ...fieldErrorsOf(authContracts.userRegister.request, toRegisterRequest(values)) };
  const mismatch = confirmPasswordProblem(values.password, values.confirm_password);
  return mismatch ? { ...errors, confirm_password: mismatch } : errors;
}
