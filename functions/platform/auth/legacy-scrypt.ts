import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The platform's first password format, scrypt as a PHC-style string `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (base64). Still verified, so users with such a hash can log in; passwords.ts replaces it with
 * Argon2id at their next successful login. `hashScrypt` writes the format (tests of that upgrade).
 */
export interface ScryptParams {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;
const SCRYPT_PATTERN = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function isScryptHash(stored: string): boolean {
  return SCRYPT_PATTERN.test(stored);
}

export async function hashScrypt(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, params);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const match = SCRYPT_PATTERN.exec(stored);
  if (!match) return false;
  const [, logN, r, p, salt, hash] = match;
  const expected = Buffer.from(hash ?? '', 'base64');
  const candidate = await scrypt(password, Buffer.from(salt ?? '', 'base64'), { logN: Number(logN), r: Number(r), p: Number(p) });
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
