import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { KEY_BYTES } from './aes-gcm';

/**
 * The local runtime's key-encryption key: read from `path`, or created there (32 random bytes,
 * base64, owner-only permissions) on first run. Answers the base64 value for SECRETS_LOCAL_KEY.
 */
export function readOrCreateLocalSecretsKey(path: string): string {
  if (existsSync(path)) {
    const value = readFileSync(path, 'utf8').trim();
    if (Buffer.from(value, 'base64').length !== KEY_BYTES) throw new Error(`${path} does not hold a ${KEY_BYTES}-byte base64 key`);
    return value;
  }
  mkdirSync(dirname(path), { recursive: true });
  const value = randomBytes(KEY_BYTES).toString('base64');
  writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
  return value;
}
