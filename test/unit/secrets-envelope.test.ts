import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFields, sealFields } from '../../functions/platform/secrets/envelope';
import { createLocalKeySource, localKeyId, localKeySourceFromEnv } from '../../functions/platform/secrets/local-key-source';
import { readOrCreateLocalSecretsKey } from '../../functions/platform/secrets/local-key-file';
import { SecretDecryptionError, sealedSecretSchema, type SealedFields } from '../../functions/platform/secrets/sealed-secret';
import { dataKeySource, SecretsNotConfiguredError } from '../../functions/platform/secrets/secret-box';

const alice = { frchId: 1, userId: 7, accountId: '01JALICEACCOUNT000000000001' };
const key = randomBytes(32);
const source = createLocalKeySource(key);
const FIELDS = { api_key: 'kite-key-123', api_secret: 'super-secret-value' };

describe('envelope encryption with a local key-encryption key', () => {
  it('round-trips every field, stored as {v, kid, iv, tag, ct, edk} with a 12-byte IV and 16-byte tag', async () => {
    const sealed = await sealFields(alice, FIELDS, source);
    expect(Object.keys(sealed)).toEqual(['api_key', 'api_secret']);
    for (const field of Object.values(sealed)) {
      expect(sealedSecretSchema.parse(field)).toEqual(field);
      expect(Object.keys(field).sort()).toEqual(['ct', 'edk', 'iv', 'kid', 'tag', 'v']);
      expect(Buffer.from(field.iv, 'base64')).toHaveLength(12);
      expect(Buffer.from(field.tag, 'base64')).toHaveLength(16);
      expect(field.kid).toBe(localKeyId(key));
    }
    expect(JSON.stringify(sealed)).not.toContain('super-secret-value');
    expect(await openFields(alice, sealed, source)).toEqual(FIELDS);
  });

  it('uses a fresh data key and IV every time, so equal secrets never look alike', async () => {
    const first = await sealFields(alice, FIELDS, source);
    const second = await sealFields(alice, FIELDS, source);
    expect(first.api_secret?.edk).not.toBe(second.api_secret?.edk);
    expect(first.api_secret?.ct).not.toBe(second.api_secret?.ct);
    expect(first.api_key?.iv).not.toBe(first.api_secret?.iv);
  });

  it('refuses a ciphertext moved to another account, another user, another tenant or another field', async () => {
    const sealed = await sealFields(alice, FIELDS, source);
    const elsewhere = [
      { ...alice, accountId: '01JALICEACCOUNT000000000002' },
      { ...alice, userId: 8 },
      { ...alice, frchId: 2 },
    ];
    for (const scope of elsewhere) await expect(openFields(scope, sealed, source)).rejects.toBeInstanceOf(SecretDecryptionError);
    const secret = sealed.api_secret;
    if (!secret) throw new Error('not sealed');
    const swapped: SealedFields = { api_key: secret };
    await expect(openFields(alice, swapped, source)).rejects.toBeInstanceOf(SecretDecryptionError);
  });

  it('refuses a tampered ciphertext, tag or wrapped key', async () => {
    const sealed = await sealFields(alice, { pin: '1234' }, source);
    const field = sealed.pin;
    if (!field) throw new Error('not sealed');
    const flip = (base64: string) => {
      const bytes = Buffer.from(base64, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 0xff;
      return bytes.toString('base64');
    };
    for (const tampered of [{ ...field, ct: flip(field.ct) }, { ...field, tag: flip(field.tag) }, { ...field, edk: flip(field.edk) }]) {
      await expect(openFields(alice, { pin: tampered }, source)).rejects.toBeInstanceOf(SecretDecryptionError);
    }
  });

  it('keeps decrypting after a key rotation while the previous key is configured, and only then', async () => {
    const sealedUnderOld = await sealFields(alice, FIELDS, source);
    const newKey = randomBytes(32);
    const rotated = createLocalKeySource(newKey, [key]);
    expect(await openFields(alice, sealedUnderOld, rotated)).toEqual(FIELDS);
    const resealed = await sealFields(alice, FIELDS, rotated);
    expect(resealed.api_key?.kid).toBe(localKeyId(newKey));
    await expect(openFields(alice, sealedUnderOld, createLocalKeySource(newKey))).rejects.toBeInstanceOf(SecretDecryptionError);
  });
});

describe('the local key file and the environment', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tb-secrets-'));
  const saved = { local: process.env.SECRETS_LOCAL_KEY, kms: process.env.SECRETS_KMS_KEY_ID };
  afterEach(() => {
    process.env.SECRETS_LOCAL_KEY = saved.local;
    process.env.SECRETS_KMS_KEY_ID = saved.kms;
    if (saved.local === undefined) delete process.env.SECRETS_LOCAL_KEY;
    if (saved.kms === undefined) delete process.env.SECRETS_KMS_KEY_ID;
  });

  it('creates a 32-byte key file readable only by its owner, and reads the same key back', () => {
    const path = join(folder, 'nested', 'secrets.key');
    const created = readOrCreateLocalSecretsKey(path);
    expect(Buffer.from(created, 'base64')).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readOrCreateLocalSecretsKey(path)).toBe(created);
    expect(readFileSync(path, 'utf8').trim()).toBe(created);
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads the key from SECRETS_LOCAL_KEY and refuses a key of the wrong length', async () => {
    const envKey = randomBytes(32).toString('base64');
    const fromEnv = localKeySourceFromEnv({ SECRETS_LOCAL_KEY: envKey });
    if (!fromEnv) throw new Error('no source');
    const sealed = await sealFields(alice, FIELDS, fromEnv);
    expect(await openFields(alice, sealed, createLocalKeySource(Buffer.from(envKey, 'base64')))).toEqual(FIELDS);
    expect(localKeySourceFromEnv({})).toBeNull();
    expect(() => localKeySourceFromEnv({ SECRETS_LOCAL_KEY: randomBytes(16).toString('base64') })).toThrow(/32 bytes/);
  });

  it('says what to set when no key source is configured', () => {
    delete process.env.SECRETS_LOCAL_KEY;
    delete process.env.SECRETS_KMS_KEY_ID;
    expect(() => dataKeySource()).toThrow(SecretsNotConfiguredError);
    process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');
    expect(dataKeySource()).toBeDefined();
  });
});
