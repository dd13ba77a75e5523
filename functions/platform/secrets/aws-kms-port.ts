import * as z from 'zod';
import type { KmsPort } from './kms-key-source';

/**
 * The KMS port over `@aws-sdk/client-kms`, imported at run time. The package is not a dependency yet:
 * the Lambda Node runtime ships the AWS SDK v3, and the specifier is a variable so that neither the
 * type checker nor the bundler needs it. Everything the module answers is checked before use.
 */
const KMS_MODULE = '@aws-sdk/client-kms';

interface SdkClient {
  send(command: object): Promise<unknown>;
}
type SdkClientConstructor = new (config: { region: string }) => SdkClient;
type SdkCommandConstructor = new (input: object) => object;

const isFunction = (value: unknown) => typeof value === 'function';
const kmsModuleSchema = z.object({
  KMSClient: z.custom<SdkClientConstructor>(isFunction),
  GenerateDataKeyCommand: z.custom<SdkCommandConstructor>(isFunction),
  DecryptCommand: z.custom<SdkCommandConstructor>(isFunction),
});
const bytes = z.instanceof(Uint8Array);
const generateAnswerSchema = z.object({ KeyId: z.string(), Plaintext: bytes, CiphertextBlob: bytes });
const decryptAnswerSchema = z.object({ Plaintext: bytes });

export async function loadAwsKmsPort(region: string, specifier: string = KMS_MODULE): Promise<KmsPort> {
  const loaded: unknown = await import(specifier);
  const sdk = kmsModuleSchema.parse(loaded);
  const client = new sdk.KMSClient({ region });
  return {
    async generateDataKey({ keyId, context }) {
      const answer = generateAnswerSchema.parse(
        await client.send(new sdk.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } })),
      );
      return { keyId: answer.KeyId, plaintext: answer.Plaintext, ciphertext: answer.CiphertextBlob };
    },
    async decrypt({ keyId, ciphertext, context }) {
      const answer = decryptAnswerSchema.parse(
        await client.send(new sdk.DecryptCommand({ KeyId: keyId, CiphertextBlob: ciphertext, EncryptionContext: { ...context } })),
      );
      return { plaintext: answer.Plaintext };
    },
  };
}
