import * as z from 'zod';

/**
 * A secret as stored (reliability H1): AES-256-GCM under a per-record data key. `iv` (12 B), `tag`
 * (16 B), `ct` and `edk` (the data key, encrypted by the key-encryption key `kid`) are base64.
 * The plaintext never leaves the server and is never logged.
 */
export const SEALED_SECRET_VERSION = 1;

export const sealedSecretSchema = z.object({
  v: z.literal(SEALED_SECRET_VERSION),
  kid: z.string().min(1),
  iv: z.base64(),
  tag: z.base64(),
  ct: z.base64(),
  edk: z.base64(),
});
export type SealedSecret = z.infer<typeof sealedSecretSchema>;

export const sealedFieldsSchema = z.record(z.string(), sealedSecretSchema);
export type SealedFields = z.infer<typeof sealedFieldsSchema>;

/** Whose secret it is: bound into every ciphertext, so a ciphertext moved elsewhere fails to decrypt. */
export interface SecretScope {
  readonly frchId: number;
  readonly userId: number;
  readonly accountId: string;
}

/** The associated data of one field: `frch|user|account|field`. */
export function fieldAad(scope: SecretScope, field: string): Buffer {
  return Buffer.from(`${scope.frchId}|${scope.userId}|${scope.accountId}|${field}`, 'utf8');
}

/** The associated data (and KMS encryption context) of a record's data key: `frch|user|account`. */
export function recordContext(scope: SecretScope): Readonly<Record<string, string>> {
  return { frch: String(scope.frchId), user: String(scope.userId), account: scope.accountId };
}

export class SecretDecryptionError extends Error {
  constructor(message = 'A stored secret could not be decrypted') {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}
