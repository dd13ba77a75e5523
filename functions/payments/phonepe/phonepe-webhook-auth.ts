import { createHash, timingSafeEqual } from 'node:crypto';

/** PhonePe's webhook `Authorization`: lower-case hex SHA-256 of `username:password` (SDK `isCallbackValid`). */
export function phonePeWebhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`, 'utf8').digest('hex');
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a webhook's `Authorization` header is the expected one, compared in constant time (both sides
 * hashed first, so their lengths never differ). PhonePe sends the bare hex; a `SHA256 ` prefix and upper
 * case are tolerated.
 */
export function isPhonePeWebhookAuthorized(header: string | undefined, username: string, password: string): boolean {
  const sent = (header ?? '').trim().replace(/^sha256\s+/i, '').toLowerCase();
  const expected = phonePeWebhookAuthorization(username, password);
  return timingSafeEqual(digest(sent), digest(expected)) && sent.length > 0;
}
