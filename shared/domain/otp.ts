/** One-time passwords (forgot password, email and mobile changes). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PURPOSES = ['forgot-password', 'change-email', 'change-mobile', 'login'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** Wrong old passwords on a signed-in password change: per user within the window, then 429. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

/**
 * Fair login throttling (issue 14; OWASP ASVS 5 V6.3): no hard lock of an account or an address.
 * - Per (login name, address): the first PAIR_FREE failures are free, then each attempt waits a delay
 *   that doubles from DELAY_START up to DELAY_MAX.
 * - Per address, whatever names it tries: ADDRESS_FREE failures free (offices and carriers share
 *   addresses), then the same growing delays.
 * - Per login name from every address: from ACCOUNT_CHALLENGE failures on, a right password also needs
 *   a code mailed to the owner (or the captcha, when the tenant has one), and the owner is told.
 * Failures are remembered for MEMORY_MINUTES after the last one; a success forgets the pair's.
 */
export const LOGIN_THROTTLE = {
  pairFree: 5,
  addressFree: 20,
  accountChallenge: 10,
  delayStartSeconds: 30,
  delayMaxSeconds: 15 * 60,
  memoryMinutes: 60,
} as const;

/** Uploaded images (profile picture, white-label logos and backgrounds). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
