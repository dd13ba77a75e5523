import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (OWASP: N = 2^17, r = 8, p = 1), stored as a PHC-style string
 * `$scrypt$ln=17,r=8,p=1$<salt b64>$<hash b64>`. Parameters are read back from the string,
 * so a later policy change can rehash on login.
 */
export interface ScryptParams {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

export const PASSWORD_POLICY: ScryptParams = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = PASSWORD_POLICY): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, params);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return null;
  const [, logN, r, p, salt, hash] = match;
  return {
    params: { logN: Number(logN), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt ?? '', 'base64'),
    hash: Buffer.from(hash ?? '', 'base64'),
  };
}

/** A hash of a random password, verified against when the user does not exist, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parseHash(stored ?? (await decoyHash));
  if (!parsed) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.params);
  return stored !== null && candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(stored: string, policy: ScryptParams = PASSWORD_POLICY): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.logN < policy.logN || parsed.params.r < policy.r || parsed.params.p < policy.p;
}
