import { join } from 'node:path';
import { ENV } from '../../shared/config/env-names';
import { resetClients } from '../../functions/platform/clients';
import { EGRESS_ENV, resetConfigForTests } from '../../functions/platform/config';
import { resetEgressSecret } from '../../functions/platform/egress/egress-secret';
import { resetSigningKey } from '../../functions/platform/auth/signing-key';
import { readOrCreateLocalSecretsKey } from '../../functions/platform/secrets/local-key-file';
import { SECRETS_LOCAL_KEY_ENV } from '../../functions/platform/secrets/local-key-source';

export interface LocalEnvironment {
  readonly tableName: string;
  readonly dynamodbEndpoint: string;
  readonly sqsEndpoint: string;
  readonly signalQueueUrl: string;
  readonly jwtSecret: string;
  readonly franchiseHosts?: Readonly<Record<string, number>>;
  readonly defaultFranchiseId?: number;
  readonly logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Local folders standing in for S3 and the mail service: `<dataDir>/files`, `<dataDir>/outbox`. */
  readonly dataDir: string;
  /** The secret the static-IP slots' proxy tokens are derived from (EGRESS_SECRET); unset → accounts with a slot cannot trade. */
  readonly egressSecret?: string;
}

/**
 * Points the in-process handlers at the local engines, exactly through the environment variables
 * the Lambdas read on AWS, and drops anything cached from an earlier configuration.
 */
export function applyLocalEnvironment(local: LocalEnvironment): void {
  const values: Record<string, string> = {
    [ENV.tableName]: local.tableName,
    [ENV.dynamodbEndpoint]: local.dynamodbEndpoint,
    [ENV.sqsEndpoint]: local.sqsEndpoint,
    [ENV.signalQueueUrl]: local.signalQueueUrl,
    [ENV.jwtSecret]: local.jwtSecret,
    [ENV.awsRegion]: 'ap-south-1',
    [ENV.franchiseHosts]: JSON.stringify(local.franchiseHosts ?? {}),
    [ENV.defaultFranchiseId]: String(local.defaultFranchiseId ?? 1),
    [ENV.logLevel]: local.logLevel ?? 'info',
    [ENV.stage]: 'local',
    [ENV.filesDir]: join(local.dataDir, 'files'),
    [ENV.mailOutboxDir]: join(local.dataDir, 'outbox'),
    // The key that wraps the data keys of users' broker credentials (KMS plays this part on AWS).
    [SECRETS_LOCAL_KEY_ENV]: readOrCreateLocalSecretsKey(join(local.dataDir, 'secrets', 'user-secrets.key')),
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  if (local.egressSecret) values[EGRESS_ENV.secret] = local.egressSecret;
  Object.assign(process.env, values);
  delete process.env[ENV.jwtSecretArn];
  delete process.env[EGRESS_ENV.secretArn];
  delete process.env[ENV.originSecretArn];
  resetConfigForTests();
  resetClients();
  resetSigningKey();
  resetEgressSecret();
}
