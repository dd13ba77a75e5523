import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from '../../shared/domain/otp';
import type { RateRule } from './fixed-window';

// Logins are throttled with growing delays, not fixed windows: auth/login-throttle.ts.

/** Codes mailed per account and purpose (forgot password, email and mobile changes). */
export const OTP_REQUESTS_PER_ACCOUNT: RateRule = { scope: 'otp-request', limit: 5, windowMinutes: 15 };

/** Password-reset codes asked for from one client address in a franchise, whatever accounts they name. */
export const OTP_REQUESTS_PER_ADDRESS: RateRule = { scope: 'otp-address', limit: 30, windowMinutes: 15 };

/** Registrations from one client address in a franchise (offices and carriers share addresses: generous). */
export const REGISTRATIONS_PER_ADDRESS: RateRule = { scope: 'register-address', limit: 20, windowMinutes: 60 };

/** Registrations in one franchise from every address together: a ceiling on a flood from many addresses. */
export const REGISTRATIONS_PER_FRANCHISE: RateRule = { scope: 'register-franchise', limit: 500, windowMinutes: 60 };

/** The answer when a registration or code request is over its budget (429, with Retry-After). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests from here. Please try again later.';

/** Wrong old passwords on a signed-in password change, per user. */
export const PASSWORD_CHECK_FAILURES_PER_USER: RateRule = {
  scope: 'password-check',
  limit: LOGIN_FAILURE_LIMIT,
  windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
};
