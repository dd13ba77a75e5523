import { MIN_PASSWORD_LENGTH } from '@shared/domain/constants';

export interface ResetPasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ResetPasswordErrors = Partial<Record<keyof ResetPasswordValues, string>>;

export const EMPTY_RESET_PASSWORD: ResetPasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

interface Rule {
  field: keyof ResetPasswordValues;
  message: string;
  fails: (values: ResetPasswordValues) => boolean;
}

/** Spec §5, in the order they are checked; a field shows the first rule it breaks. */
const RULES: readonly Rule[] = [
  { field: 'oldPassword', message: 'Old password is required.', fails: (v) => v.oldPassword === '' },
  { field: 'newPassword', message: 'New password is required.', fails: (v) => v.newPassword === '' },
  {
    field: 'newPassword',
    message: 'Password must be at least 6 characters long.',
    fails: (v) => v.newPassword.length < MIN_PASSWORD_LENGTH,
  },
  { field: 'confirmPassword', message: 'Confirm password is required.', fails: (v) => v.confirmPassword === '' },
  {
    field: 'confirmPassword',
    message: 'New password and confirm password do not match.',
    fails: (v) => v.newPassword !== v.confirmPassword,
  },
];

export function validateResetPassword(values: ResetPasswordValues): ResetPasswordErrors {
  const errors: ResetPasswordErrors = {};
  for (const rule of RULES) {
    if (errors[rule.field] === undefined && rule.fails(values)) errors[rule.field] = rule.message;
  }
  return errors;
}
