import type { DataKeySource } from './data-key-source';
import { SecretDecryptionError } from './sealed-secret';

/** The two KMS calls envelope encryption needs, in the shape of `@aws-sdk/client-kms`'s answers. */
export interface KmsPort {
  generateDataKey(request: { readonly keyId: string; readonly context: Readonly<Record<string, string>> }): Promise<{
    readonly keyId: string;
    readonly plaintext: Uint8Array;
    readonly ciphertext: Uint8Array;
  }>;
  decrypt(request: {
    readonly keyId: string;
    readonly ciphertext: Uint8Array;
    readonly context: Readonly<Record<string, string>>;
  }): Promise<{ readonly plaintext: Uint8Array }>;
}

/**
 * Data keys from KMS `GenerateDataKey` (AES_256) under the key `keyId`, unwrapped by `Decrypt`. The
 * record's scope is the KMS encryption context, so KMS itself refuses a key moved to another record.
 * The port is loaded on first use (the SDK is only needed on AWS).
 */
export function createKmsKeySource(keyId: string, loadPort: () => Promise<KmsPort>): DataKeySource {
  let port: Promise<KmsPort> | undefined;
  const kms = () => {
    port ??= loadPort().catch((error: unknown) => {
      port = undefined;
      throw error;
    });
    return port;
  };
  return {
    async generate(context) {
      const answer = await (await kms()).generateDataKey({ keyId, context });
      return { kid: answer.keyId, plaintext: Buffer.from(answer.plaintext), encrypted: Buffer.from(answer.ciphertext) };
    },
    async decrypt(kid, encrypted, context) {
      try {
        const answer = await (await kms()).decrypt({ keyId: kid, ciphertext: encrypted, context });
        return Buffer.from(answer.plaintext);
      } catch (error) {
        if (error instanceof Error && /InvalidCiphertext|IncorrectKey/.test(error.name)) throw new SecretDecryptionError();
        throw error;
      }
    },
  };
}
