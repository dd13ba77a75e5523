import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The credential in a bridge's webhook URL, for both kinds of bridge: 32 random bytes (256 bits), URL-safe
 * as base64url (43 characters). Only its SHA-256 is stored; presented keys are compared by hash in
 * constant time.
 */
const KEY_BYTES = 32;

export interface WebhookKey {
  /** Shown to the user once; never stored or logged. */
  readonly key: string;
  readonly hash: string;
}

export function hashWebhookKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function newWebhookKey(): WebhookKey {
  const key = randomBytes(KEY_BYTES).toString('base64url');
  return { key, hash: hashWebhookKey(key) };
}

/** Compares two hex hashes (fixed length) in constant time, so the answer time says nothing about the key. */
export function sameKeyHash(storedHash: string, presentedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const presented = Buffer.from(presentedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

export function keyMatches(storedHash: string, presentedKey: string): boolean {
  return sameKeyHash(storedHash, hashWebhookKey(presentedKey));
}
