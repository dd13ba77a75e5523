import { ENV } from '../../../shared/config/env-names';
import { config } from '../config';
import { loadAwsKmsPort } from './aws-kms-port';
import type { DataKeySource } from './data-key-source';
import { openFields, sealFields } from './envelope';
import { createKmsKeySource } from './kms-key-source';
import { localKeySourceFromEnv, SECRETS_LOCAL_KEY_ENV, SECRETS_LOCAL_PREVIOUS_KEYS_ENV } from './local-key-source';
import type { SealedFields, SecretScope } from './sealed-secret';

/**
 * The secret store of this container: KMS when SECRETS_KMS_KEY_ID is set (AWS), else the local key
 * from SECRETS_LOCAL_KEY. Chosen on first use and again whenever those variables change.
 */
let chosen: { readonly signature: string; readonly source: DataKeySource } | undefined;
let override: DataKeySource | undefined;

export class SecretsNotConfiguredError extends Error {
  constructor() {
    super(`Secrets are not configured: set ${ENV.secretsKeyId} (AWS) or ${SECRETS_LOCAL_KEY_ENV} (local)`);
    this.name = 'SecretsNotConfiguredError';
  }
}

function chooseSource(): DataKeySource {
  const kmsKeyId = process.env[ENV.secretsKeyId]?.trim();
  if (kmsKeyId) return createKmsKeySource(kmsKeyId, () => loadAwsKmsPort(config().region));
  const local = localKeySourceFromEnv();
  if (!local) throw new SecretsNotConfiguredError();
  return local;
}

export function dataKeySource(): DataKeySource {
  if (override) return override;
  const signature = [ENV.secretsKeyId, SECRETS_LOCAL_KEY_ENV, SECRETS_LOCAL_PREVIOUS_KEYS_ENV].map((name) => process.env[name] ?? '').join('|');
  if (chosen?.signature !== signature) chosen = { signature, source: chooseSource() };
  return chosen.source;
}

/** Tests swap in a source (e.g. a fake KMS); `undefined` goes back to the environment's. */
export function setDataKeySourceForTests(source: DataKeySource | undefined): void {
  override = source;
}

export function sealSecrets(scope: SecretScope, fields: Readonly<Record<string, string>>): Promise<SealedFields> {
  return sealFields(scope, fields, dataKeySource());
}

export function openSecrets(scope: SecretScope, sealed: SealedFields): Promise<Record<string, string>> {
  return openFields(scope, sealed, dataKeySource());
}
