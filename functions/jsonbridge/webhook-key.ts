import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { JSON_BRIDGE_WEBHOOK_PATH_PREFIX } from '../../shared/contracts/jsonbridge';
import { API_BASE_PATH } from '../../shared/domain/constants';
import { getWebhookLookup, type WebhookLookup } from '../data/jsonbridge-repository';

/** 32 random bytes: 256 bits, well above the 128 the issue asks, URL-safe as base64url (43 characters). */
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

export function webhookPathOf(jsonBridgeId: string, key: string): string {
  return `${API_BASE_PATH}${JSON_BRIDGE_WEBHOOK_PATH_PREFIX}/${jsonBridgeId}/${key}`;
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

/**
 * The bridge a webhook URL names (`{first}` = bridge id, `{second}` = key) in the request's
 * franchise, or null for an unknown bridge or a wrong (or replaced) key: both answer alike.
 */
export async function resolveWebhookBridge(frchId: number, jsonBridgeId: string, presentedKey: string): Promise<WebhookLookup | null> {
  const lookup = await getWebhookLookup(frchId, jsonBridgeId);
  return lookup && keyMatches(lookup.key_hash, presentedKey) ? lookup : null;
}
