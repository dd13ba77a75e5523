import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../shared/domain/otp';
import { signingKey } from '../platform/auth/signing-key';

/** A uniformly random code of OTP_LENGTH digits, from the CSPRNG. */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * The key that MACs stored codes, derived (HKDF) from the platform signing secret, so a copy of
 * the table alone cannot be brute-forced back to the six-digit codes.
 */
let otpKey: Promise<Buffer> | undefined;

function otpMacKey(): Promise<Buffer> {
  otpKey ??= signingKey()
    .then((secret) => Buffer.from(hkdfSync('sha256', secret, 'tradebridge', 'otp-codes-v1', 32)))
    .catch((error: unknown) => {
      otpKey = undefined;
      throw error;
    });
  return otpKey;
}

/** HMAC-SHA256 of the parts, joined unambiguously; hex. */
export async function otpMac(...parts: readonly string[]): Promise<string> {
  return createHmac('sha256', await otpMacKey()).update(JSON.stringify(parts)).digest('hex');
}

export function sameMac(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
