import { createHash, randomBytes } from 'node:crypto';
import type { DataKeySource } from './data-key-source';
import { gcmDecrypt, gcmEncrypt, KEY_BYTES, packGcm, unpackGcm } from './aes-gcm';
import { SecretDecryptionError } from './sealed-secret';

/** The base64 32-byte key-encryption key of the local runtime and the tests. */
export const SECRETS_LOCAL_KEY_ENV = 'SECRETS_LOCAL_KEY';
/** Earlier local keys (comma-separated base64), still accepted for decryption after a rotation. */
export const SECRETS_LOCAL_PREVIOUS_KEYS_ENV = 'SECRETS_LOCAL_PREVIOUS_KEYS';

function keyOf(base64: string, name: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${name} must be ${KEY_BYTES} bytes, base64-encoded`);
  return key;
}

/** A key's id: a fingerprint, so records name the key that wraps them without revealing it. */
export function localKeyId(key: Uint8Array): string {
  return `local:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** The context as associated data, independent of key order. */
export function contextAad(context: Readonly<Record<string, string>>): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))), 'utf8');
}

/**
 * Data keys wrapped locally with AES-256-GCM under a 32-byte key-encryption key. New keys are wrapped
 * with the current key; keys wrapped by a previous one still unwrap (rotation keeps N−1 keys).
 */
export function createLocalKeySource(currentKey: Uint8Array, previousKeys: readonly Uint8Array[] = []): DataKeySource {
  const current = { kid: localKeyId(currentKey), key: currentKey };
  const ring = new Map([current, ...previousKeys.map((key) => ({ kid: localKeyId(key), key }))].map((entry) => [entry.kid, entry.key]));
  return {
    async generate(context) {
      const plaintext = randomBytes(KEY_BYTES);
      const encrypted = packGcm(gcmEncrypt(current.key, plaintext, contextAad(context)));
      return { kid: current.kid, plaintext, encrypted };
    },
    async decrypt(kid, encrypted, context) {
      const key = ring.get(kid);
      if (!key) throw new SecretDecryptionError(`No key-encryption key ${kid} is configured`);
      return gcmDecrypt(key, unpackGcm(encrypted), contextAad(context));
    },
  };
}

/** The local source from the environment, or null when no local key is set. */
export function localKeySourceFromEnv(env: NodeJS.ProcessEnv = process.env): DataKeySource | null {
  const current = env[SECRETS_LOCAL_KEY_ENV];
  if (!current?.trim()) return null;
  const previous = (env[SECRETS_LOCAL_PREVIOUS_KEYS_ENV] ?? '')
    .split(',')
    .filter((value) => value.trim())
    .map((value) => keyOf(value, SECRETS_LOCAL_PREVIOUS_KEYS_ENV));
  return createLocalKeySource(keyOf(current, SECRETS_LOCAL_KEY_ENV), previous);
}
