import * as z from 'zod';
import { config } from '../config';
import { BadRequestError } from '../errors';
import type { Logger } from '../logger';

export const CAPTCHA_FAILED_MESSAGE = 'Captcha verification failed';
const VERIFY_TIMEOUT_MS = 5_000;
const verifyAnswerSchema = z.object({ success: z.boolean() });

async function askVerifier(url: string, form: Record<string, string>): Promise<boolean> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
  });
  const answer = verifyAnswerSchema.safeParse(await response.json());
  return response.ok && answer.success && answer.data.success;
}

/**
 * Checks the invisible-captcha token with the verifier (Google reCAPTCHA siteverify by default)
 * when CAPTCHA_SECRET is configured; without a secret (local runs) there is nothing to check.
 * Fails closed: a missing token, a refusal or an unreachable verifier all answer 400.
 */
export async function verifyCaptcha(token: string | undefined, remoteIp: string, log: Logger): Promise<void> {
  const { captchaSecret, captchaVerifyUrl } = config();
  if (!captchaSecret) return;
  let passed = false;
  if (token) {
    try {
      passed = await askVerifier(captchaVerifyUrl, { secret: captchaSecret, response: token, remoteip: remoteIp });
    } catch (error) {
      log.warn('captcha verifier unavailable', { error });
    }
  }
  if (!passed) throw new BadRequestError(CAPTCHA_FAILED_MESSAGE);
}
