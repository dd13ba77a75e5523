import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadAwsKmsPort } from '../../functions/platform/secrets/aws-kms-port';
import { openFields, sealFields } from '../../functions/platform/secrets/envelope';
import { createKmsKeySource, type KmsPort } from '../../functions/platform/secrets/kms-key-source';
import { SecretDecryptionError } from '../../functions/platform/secrets/sealed-secret';

const KEY_ARN = 'arn:aws:kms:ap-south-1:111122223333:key/test';

/** A stand-in for KMS: wraps data keys under its own master key, bound to the encryption context as KMS does. */
function fakeKms(): KmsPort & { calls: string[] } {
  const master = randomBytes(32);
  const calls: string[] = [];
  const contextOf = (context: Readonly<Record<string, string>>) => Buffer.from(JSON.stringify(Object.entries(context).sort()));
  return {
    calls,
    async generateDataKey({ keyId, context }) {
      calls.push(`generate ${keyId}`);
      const plaintext = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', master, iv).setAAD(contextOf(context));
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return { keyId: KEY_ARN, plaintext, ciphertext: Buffer.concat([iv, cipher.getAuthTag(), ct]) };
    },
    async decrypt({ keyId, ciphertext, context }) {
      calls.push(`decrypt ${keyId}`);
      const bytes = Buffer.from(ciphertext);
      try {
        const decipher = createDecipheriv('aes-256-gcm', master, bytes.subarray(0, 12)).setAAD(contextOf(context));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return { plaintext: Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]) };
      } catch {
        const error = new Error('The ciphertext is not valid');
        error.name = 'InvalidCiphertextException';
        throw error;
      }
    },
  };
}

const scope = { frchId: 1, userId: 3, accountId: '01JKMSACCOUNT00000000000001' };

describe('envelope encryption with data keys from KMS', () => {
  it('asks KMS for one data key per record, records its key id, and decrypts through KMS', async () => {
    const kms = fakeKms();
    let loads = 0;
    const source = createKmsKeySource('alias/tradebridge-user-secrets', async () => {
      loads += 1;
      return kms;
    });
    const sealed = await sealFields(scope, { jwt_token: 'jwt-value', refresh_token: 'refresh-value' }, source);
    expect(sealed.jwt_token?.kid).toBe(KEY_ARN);
    expect(sealed.jwt_token?.edk).toBe(sealed.refresh_token?.edk);
    expect(await openFields(scope, sealed, source)).toEqual({ jwt_token: 'jwt-value', refresh_token: 'refresh-value' });
    expect(kms.calls).toEqual(['generate alias/tradebridge-user-secrets', `decrypt ${KEY_ARN}`]);
    expect(loads).toBe(1);
  });

  it('refuses a data key moved to another record: the encryption context no longer matches', async () => {
    const kms = fakeKms();
    const source = createKmsKeySource('alias/k', async () => kms);
    const sealed = await sealFields(scope, { api_secret: 'value' }, source);
    await expect(openFields({ ...scope, accountId: '01JKMSACCOUNT00000000000002' }, sealed, source)).rejects.toBeInstanceOf(SecretDecryptionError);
  });

  it('checks the shape of the SDK module it loads at run time', async () => {
    await expect(loadAwsKmsPort('ap-south-1', 'node:path')).rejects.toThrow();
  });
});
