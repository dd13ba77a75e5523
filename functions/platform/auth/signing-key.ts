import { nowMs } from '../clock';
import { config } from '../config';
import { readSecretVersions } from '../secrets/secret-versions';

/**
 * The HMAC keys that sign login tokens: from JWT_SECRET locally (a key file the runtime creates), from
 * Secrets Manager on AWS. The secret rotates (infra: AppSecrets), so tokens are signed with its current
 * version and still verified with the previous one — a token signed before a rotation keeps working
 * until it expires. Read again every few minutes, so a container picks a rotation up.
 */
export interface SigningKeys {
  readonly current: Uint8Array;
  /** The version before the last rotation; null when there is none (or locally). */
  readonly previous: Uint8Array | null;
}

const MIN_SECRET_LENGTH = 32;
const REREAD_MS = 10 * 60_000;
const encode = (secret: string) => new TextEncoder().encode(secret);

let cached: { readonly keys: Promise<SigningKeys>; readonly readAt: number } | undefined;

async function loadKeys(): Promise<SigningKeys> {
  const { jwtSecret, jwtSecretArn, region } = config();
  if (jwtSecret) return { current: encode(jwtSecret), previous: null };
  if (!jwtSecretArn) throw new Error('No token signing secret is configured');
  const versions = await readSecretVersions(jwtSecretArn, region, MIN_SECRET_LENGTH);
  return { current: encode(versions.current), previous: versions.previous === null ? null : encode(versions.previous) };
}

export function signingKeys(): Promise<SigningKeys> {
  if (cached && nowMs() - cached.readAt < REREAD_MS) return cached.keys;
  const keys = loadKeys();
  const entry = { keys, readAt: nowMs() };
  cached = entry;
  keys.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return keys;
}

/** The key new tokens (and keys derived from it: OTP codes, connection links) are made with. */
export async function signingKey(): Promise<Uint8Array> {
  return (await signingKeys()).current;
}

export function resetSigningKey(): void {
  cached = undefined;
}
