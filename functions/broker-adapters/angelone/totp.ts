import { createHmac } from 'node:crypto';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (the form authenticator apps and Angel's "enable TOTP" page show); spaces and padding ignored. */
export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('TOTP secret is not valid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

export interface TotpOptions {
  readonly digits?: number;
  readonly periodSeconds?: number;
  readonly algorithm?: 'sha1' | 'sha256' | 'sha512';
}

/** RFC 4226 HOTP value for one counter (dynamic truncation of the HMAC). */
function hotp(secret: Buffer, counter: number, digits: number, algorithm: string): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP at `atMs` (defaults: SHA-1, 6 digits, 30 s — what Angel One expects). */
export function totpAt(secret: Buffer, atMs: number, options: TotpOptions = {}): string {
  const period = options.periodSeconds ?? 30;
  const counter = Math.floor(atMs / 1000 / period);
  return hotp(secret, counter, options.digits ?? 6, options.algorithm ?? 'sha1');
}
