import type { z } from 'zod';
import { authContracts } from '../../../../shared/contracts/auth';

export type LoginRequest = z.input<typeof authContracts.userLogin.request>;

/** What the login form holds: one field takes either an email address or a mobile number. */
export type LoginFormValues = {
  identifier: string;
  password: string;
};

export type LoginFieldErrors = Partial<Record<keyof LoginFormValues, string>>;

const MOBILE_NUMBER = /^\d{10}$/;

/** Ten digits are a mobile number; anything else is taken as an email address. */
export function toLoginRequest(values: LoginFormValues): LoginRequest {
  const identifier = values.identifier.trim();
  return MOBILE_NUMBER.test(identifier)
    ? { mobile_no: identifier, password: values.password }
    : { email: identifier, password: values.password };
}

/** Checks the request with the contract's own schema, the one the server applies; one message per field. */
export function validateLoginRequest(request: LoginRequest): LoginFieldErrors {
  const result = authContracts.userLogin.request.safeParse(request);
  if (result.success) return {};
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] === 'password' ? 'password' : 'identifier';
    errors[field] ??= issue.message;
  }
  return errors;
}
