import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from '../../../shared/domain/otp';
import type { RateRule } from './fixed-window';

/** Failed logins per login name (email or mobile) within a franchise. */
export const LOGIN_FAILURES_PER_ACCOUNT: RateRule = {
  scope: 'login-account',
  limit: LOGIN_FAILURE_LIMIT,
  windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
};

/** Failed logins per client IP, whatever accounts they name. */
export const LOGIN_FAILURES_PER_IP: RateRule = {
  scope: 'login-ip',
  limit: LOGIN_FAILURE_LIMIT,
  windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
};

/** Codes mailed per account and purpose (forgot password, email and mobile changes). */
export const OTP_REQUESTS_PER_ACCOUNT: RateRule = { scope: 'otp-request', limit: 5, windowMinutes: 15 };

/** Wrong old passwords on a signed-in password change, per user. */
export const PASSWORD_CHECK_FAILURES_PER_USER: RateRule = {
  scope: 'password-check',
  limit: LOGIN_FAILURE_LIMIT,
  windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
};
