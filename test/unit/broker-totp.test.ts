import { describe, expect, it } from 'vitest';
import { decodeBase32, totpAt } from '../../functions/broker-adapters/angelone/totp';

/** RFC 6238 Appendix B: seeds are the ASCII strings below; 8-digit codes, 30-second steps. */
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
} as const;

const VECTORS = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
] as const;

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at T=%i gives the RFC codes for SHA-1, SHA-256 and SHA-512', (seconds, sha1, sha256, sha512) => {
    expect(totpAt(SEEDS.sha1, seconds * 1000, { digits: 8 })).toBe(sha1);
    expect(totpAt(SEEDS.sha256, seconds * 1000, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totpAt(SEEDS.sha512, seconds * 1000, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('defaults to the 6-digit SHA-1 codes authenticator apps show', () => {
    expect(totpAt(SEEDS.sha1, 59_000)).toBe('287082');
    expect(totpAt(SEEDS.sha1, 1111111109_000)).toBe('081804');
  });

  it('decodes base32 secrets (RFC 4648), ignoring spaces, dashes, padding and case', () => {
    expect(decodeBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890');
    expect(decodeBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe('12345678901234567890');
    expect(decodeBase32('MZXW6YQ=').toString('ascii')).toBe('foob');
    expect(() => decodeBase32('not base32!')).toThrow('base32');
  });
});
