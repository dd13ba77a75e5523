import type { z } from 'zod';
import { authContracts, LOGIN_CODE_REQUIRED_DETAIL } from '@shared/contracts/auth';
import { ApiError } from '@/lib/api-error';

export type LoginRequest = z.input<typeof authContracts.userLogin.request>;

/** What the login form holds: one field takes either an email address or a mobile number. */
export type LoginFormValues = {
  identifier: string;
  password: string;
  /** The code mailed when the server asks for one (an account under attack); empty otherwise. */
  loginCode: string;
};

export type LoginFieldErrors = Partial<Record<keyof LoginFormValues, string>>;

const MOBILE_NUMBER = /^\d{10}$/;

/** Ten digits are a mobile number; anything else is taken as an email address. */
export function toLoginRequest(values: LoginFormValues): LoginRequest {
  const identifier = values.identifier.trim();
  const code = values.loginCode.trim();
  const secret = { password: values.password, ...(code ? { login_otp: code } : {}) };
  return MOBILE_NUMBER.test(identifier) ? { mobile_no: identifier, ...secret } : { email: identifier, ...secret };
}

/** The server answered that this login also needs the code it mailed (LOGIN_CODE_REQUIRED_DETAIL). */
export function asksForLoginCode(error: unknown): boolean {
  const details = error instanceof ApiError ? error.details : [];
  return details.some((detail) => detail.path === LOGIN_CODE_REQUIRED_DETAIL.path && detail.message === LOGIN_CODE_REQUIRED_DETAIL.message);
}

/** Checks the request with the contract's own schema, the one the server applies; one message per field. */
export function validateLoginRequest(request: LoginRequest): LoginFieldErrors {
  const result = authContracts.userLogin.request.safeParse(request);
  if (result.success) return {};
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] === 'password' ? 'password' : issue.path[0] === 'login_otp' ? 'loginCode' : 'identifier';
    errors[field] ??= issue.message;
  }
  return errors;
}
