/** One-time passwords (forgot password, email and mobile changes). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PURPOSES = ['forgot-password', 'change-email', 'change-mobile'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** Login throttling (issue 3): failures per account and per IP within the window, then 429. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

/** Uploaded images (profile picture, white-label logos and backgrounds). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
