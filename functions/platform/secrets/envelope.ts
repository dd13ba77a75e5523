import type { DataKeySource } from './data-key-source';
import { gcmDecrypt, gcmEncrypt } from './aes-gcm';
import { fieldAad, recordContext, SEALED_SECRET_VERSION, type SealedFields, type SecretScope } from './sealed-secret';

/**
 * Seals the fields of one record under one fresh data key: each field gets its own IV and is bound to
 * `frch|user|account|field`; the data key is wrapped with the record's scope as context and erased.
 */
export async function sealFields(scope: SecretScope, fields: Readonly<Record<string, string>>, source: DataKeySource): Promise<SealedFields> {
  const dataKey = await source.generate(recordContext(scope));
  try {
    const edk = dataKey.encrypted.toString('base64');
    const sealed: SealedFields = {};
    for (const [field, value] of Object.entries(fields)) {
      const { iv, tag, ct } = gcmEncrypt(dataKey.plaintext, Buffer.from(value, 'utf8'), fieldAad(scope, field));
      sealed[field] = { v: SEALED_SECRET_VERSION, kid: dataKey.kid, iv: iv.toString('base64'), tag: tag.toString('base64'), ct: ct.toString('base64'), edk };
    }
    return sealed;
  } finally {
    dataKey.plaintext.fill(0);
  }
}

/** Opens sealed fields of one record; any field moved from another record or field fails to decrypt. */
export async function openFields(scope: SecretScope, sealed: SealedFields, source: DataKeySource): Promise<Record<string, string>> {
  const context = recordContext(scope);
  const keys = new Map<string, Buffer>();
  try {
    const opened: Record<string, string> = {};
    for (const [field, secret] of Object.entries(sealed)) {
      const cacheKey = `${secret.kid}\u0000${secret.edk}`;
      let key = keys.get(cacheKey);
      if (!key) {
        key = await source.decrypt(secret.kid, Buffer.from(secret.edk, 'base64'), context);
        keys.set(cacheKey, key);
      }
      const parts = { iv: Buffer.from(secret.iv, 'base64'), tag: Buffer.from(secret.tag, 'base64'), ct: Buffer.from(secret.ct, 'base64') };
      opened[field] = gcmDecrypt(key, parts, fieldAad(scope, field)).toString('utf8');
    }
    return opened;
  } finally {
    for (const key of keys.values()) key.fill(0);
  }
}
