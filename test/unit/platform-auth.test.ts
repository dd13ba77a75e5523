import { base64url, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { hashScrypt } from '../../functions/platform/auth/legacy-scrypt';
import { hashPassword, needsRehash, verifyPassword } from '../../functions/platform/auth/passwords';
import { resetSigningKey } from '../../functions/platform/auth/signing-key';
import { issueToken, verifyToken } from '../../functions/platform/auth/tokens';
import { resetConfigForTests } from '../../functions/platform/config';

const SECRET = 'unit-test-signing-secret-0123456789abcdefghij';

beforeAll(() => {
  process.env[ENV.tableName] = 'unit';
  process.env[ENV.jwtSecret] = SECRET;
  resetConfigForTests();
  resetSigningKey();
});

describe('passwords', () => {
  it('hashes with Argon2id at the policy (m = 19 MiB, t = 2, p = 1), verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash: one password twice gives two hashes', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('reads the same password in another Unicode form alike (NFKC)', async () => {
    const stored = await hashPassword('ﬁsh-pass'); // the "ﬁ" ligature
    expect(await verifyPassword('fish-pass', stored)).toBe(true);
  });

  it('still verifies the earlier scrypt hashes, and asks for them to be replaced', async () => {
    const legacy = await hashScrypt('old password', { logN: 10, r: 8, p: 1 });
    expect(await verifyPassword('old password', legacy)).toBe(true);
    expect(await verifyPassword('other password', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash('$scrypt$ln=17,r=8,p=1$AAAA$AAAA')).toBe(true);
  });

  it('refuses when there is no stored hash (unknown user) after doing the same work, and refuses garbage', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA')).toBe(false);
  });

  it('asks for a rehash below the policy in any parameter', async () => {
    expect(needsRehash(await hashPassword('x', { memoryKiB: 8192, iterations: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('x', { memoryKiB: 19456, iterations: 1, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('x', { memoryKiB: 65536, iterations: 3, parallelism: 1 }))).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });
});

describe('tokens', () => {
  it('round-trips user_id, frch_id and exp', async () => {
    const { token, claims } = await issueToken(42, 7);
    const verified = await verifyToken(token);
    expect(verified).toMatchObject({ user_id: 42, frch_id: 7, exp: claims.exp });
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const { token } = await issueToken(1, 1, new Date(Date.now() - 24 * 3600 * 1000));
    await expect(verifyToken(token)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('refuses alg "none", a tampered payload and a foreign key', async () => {
    const { token } = await issueToken(1, 1);
    const [header, payload, signature] = token.split('.');
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const tampered = `${header}.${base64url.encode(JSON.stringify({ user_id: 2, frch_id: 1, iss: 'tradebridge', iat: 1, exp: 9999999999, jti: 'x' }))}.${signature}`;
    const foreign = await new SignJWT({ user_id: 1, frch_id: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('tradebridge')
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('x')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const bad of [none, tampered, foreign, 'not-a-token']) {
      await expect(verifyToken(bad)).rejects.toMatchObject({ status: 401 });
    }
  });

  it('refuses an HS512 token signed with the right secret (algorithm pinned)', async () => {
    const other = await new SignJWT({ user_id: 1, frch_id: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('tradebridge')
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('x')
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyToken(other)).rejects.toMatchObject({ status: 401 });
  });
});
