import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretDecryptionError } from './sealed-secret';

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface GcmSealed {
  readonly iv: Buffer;
  readonly tag: Buffer;
  readonly ct: Buffer;
}

/** AES-256-GCM with a fresh random 96-bit IV and a 128-bit tag. */
export function gcmEncrypt(key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): GcmSealed {
  if (key.length !== KEY_BYTES) throw new Error('AES-256-GCM needs a 32-byte key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ct };
}

/** Decrypts and authenticates; a wrong key, AAD, IV or tag is a SecretDecryptionError. */
export function gcmDecrypt(key: Uint8Array, sealed: GcmSealed, aad: Uint8Array): Buffer {
  if (sealed.iv.length !== IV_BYTES || sealed.tag.length !== TAG_BYTES) throw new SecretDecryptionError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ct), decipher.final()]);
  } catch {
    throw new SecretDecryptionError();
  }
}

/** `iv | tag | ct` in one buffer (how a locally wrapped data key is stored). */
export function packGcm(sealed: GcmSealed): Buffer {
  return Buffer.concat([sealed.iv, sealed.tag, sealed.ct]);
}

export function unpackGcm(packed: Buffer): GcmSealed {
  if (packed.length <= IV_BYTES + TAG_BYTES) throw new SecretDecryptionError();
  return { iv: packed.subarray(0, IV_BYTES), tag: packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES), ct: packed.subarray(IV_BYTES + TAG_BYTES) };
}
