import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { isScryptHash, verifyScrypt } from './legacy-scrypt';

/**
 * Password hashing with Argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1; ASVS 5 V11.4), through
 * @node-rs/argon2 (native, off the event loop), stored as the standard PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. Parameters are read back from the string, so a hash
 * below the policy — or in the earlier scrypt format (legacy-scrypt.ts) — is replaced at the next
 * successful login (log-in.ts). About 11 ms a hash here, against 360 ms for the scrypt N = 2^17 it replaces.
 */
export interface Argon2Params {
  /** Memory in KiB. */
  readonly memoryKiB: number;
  readonly iterations: number;
  readonly parallelism: number;
}

export const PASSWORD_POLICY: Argon2Params = { memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 };
const HASH_LENGTH = 32;
/** `Algorithm.Argon2id`: the library's enum is a const enum, which per-file compilation cannot read. */
const ARGON2ID = 2 as Algorithm;
const ARGON2ID_PATTERN = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

export function hashPassword(password: string, params: Argon2Params = PASSWORD_POLICY): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKiB,
    timeCost: params.iterations,
    parallelism: params.parallelism,
    outputLen: HASH_LENGTH,
  });
}

/** A hash of a random password, verified against when the user does not exist, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

async function matches(password: string, stored: string): Promise<boolean> {
  if (ARGON2ID_PATTERN.test(stored)) return argon2Verify(stored, password.normalize('NFKC')).catch(() => false);
  if (isScryptHash(stored)) return verifyScrypt(password, stored);
  return false;
}

/**
 * Whether the password matches the stored hash. No hash — an unknown user, or a user added by a parent who
 * has not chosen a password yet (stored as '') — never matches, after the same work as a real check.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null || stored === '') {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await matches(password, await decoyHash);
    return false;
  }
  return matches(password, stored);
}

/** True when the stored hash is not Argon2id at the policy's strength or more: replace it after a successful login. */
export function needsRehash(stored: string, policy: Argon2Params = PASSWORD_POLICY): boolean {
  const match = ARGON2ID_PATTERN.exec(stored);
  if (!match) return true;
  const [, memory, iterations, parallelism] = match.map(Number);
  return (memory ?? 0) < policy.memoryKiB || (iterations ?? 0) < policy.iterations || (parallelism ?? 0) < policy.parallelism;
}
