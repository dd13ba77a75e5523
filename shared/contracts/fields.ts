import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { OTP_LENGTH } from '../domain/otp';

/** Field schemas shared by several calls (spec §5: text values are trimmed). */
export const emailField = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.').max(254));
export const mobileField = z.string().trim().regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit mobile number.');
export const nameField = (label: string) =>
  z.string().trim().min(1, `${label} is required.`).max(50, `${label} must be at most 50 characters.`);
export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long.')
  .max(128, 'Password must be at most 128 characters long.');
export const otpField = z.string().trim().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit OTP.`);
export const referralCodeField = z.string().trim().min(4, 'Enter a valid referral code.').max(32, 'Enter a valid referral code.');
export const captchaTokenField = z.string().max(4096);

/** A client's idempotency key for a call that moves money or places orders: the same key is the same request. */
export const idempotencyKeyField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The idempotency key must be 8–64 letters, digits, _ or -.');
/** A broker account's id (a ULID). */
export const brokerAccountIdField = z.string().trim().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Enter a valid broker account id.');
