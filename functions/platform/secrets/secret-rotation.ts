import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  UpdateSecretVersionStageCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';

/**
 * Secrets Manager's four-step rotation (createSecret → setSecret → testSecret → finishSecret) for a
 * secret that is a random value only this stack uses (the token signing secret, the origin secret).
 * Each step is safe to run again: Secrets Manager retries a failed step. After the promotion the old
 * value is AWSPREVIOUS, which the readers still accept (signing-key.ts, origin-check.ts), and
 * `afterPromotion` hands the new value to whatever must send it (CloudFront's origin header).
 */
export const ROTATION_STEPS = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const;
export type RotationStep = (typeof ROTATION_STEPS)[number];

export interface RotationEvent {
  readonly SecretId: string;
  readonly ClientRequestToken: string;
  readonly Step: RotationStep;
}

export interface RotationOptions {
  readonly valueLength: number;
  /** Runs after the new version became AWSCURRENT (also on a retried finishSecret). */
  readonly afterPromotion?: (newValue: string) => Promise<void>;
}

const PENDING = 'AWSPENDING';
const CURRENT = 'AWSCURRENT';

export class RotationRefusedError extends Error {}

async function stagesOf(client: SecretsManagerClient, event: RotationEvent): Promise<Record<string, string[]>> {
  const described = await client.send(new DescribeSecretCommand({ SecretId: event.SecretId }));
  if (!described.RotationEnabled) throw new RotationRefusedError(`Rotation is not enabled for ${event.SecretId}`);
  const stages = described.VersionIdsToStages ?? {};
  if (!stages[event.ClientRequestToken]) throw new RotationRefusedError(`Version ${event.ClientRequestToken} is not a version of ${event.SecretId}`);
  return stages;
}

async function pendingValue(client: SecretsManagerClient, event: RotationEvent): Promise<string | null> {
  try {
    const answer = await client.send(new GetSecretValueCommand({ SecretId: event.SecretId, VersionId: event.ClientRequestToken, VersionStage: PENDING }));
    return answer.SecretString ?? null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

async function createSecret(client: SecretsManagerClient, event: RotationEvent, options: RotationOptions): Promise<void> {
  if ((await pendingValue(client, event)) !== null) return;
  const { RandomPassword } = await client.send(new GetRandomPasswordCommand({ PasswordLength: options.valueLength, ExcludePunctuation: true }));
  if (!RandomPassword) throw new Error('Secrets Manager made no random value');
  await client.send(new PutSecretValueCommand({ SecretId: event.SecretId, ClientRequestToken: event.ClientRequestToken, SecretString: RandomPassword, VersionStages: [PENDING] }));
}

async function testSecret(client: SecretsManagerClient, event: RotationEvent, options: RotationOptions): Promise<void> {
  const value = await pendingValue(client, event);
  if (value === null || value.length < options.valueLength) throw new RotationRefusedError(`The pending value of ${event.SecretId} is missing or too short`);
}

async function finishSecret(client: SecretsManagerClient, event: RotationEvent, stages: Record<string, string[]>, options: RotationOptions): Promise<void> {
  const current = Object.entries(stages).find(([, labels]) => labels.includes(CURRENT))?.[0];
  if (current !== event.ClientRequestToken) {
    await client.send(new UpdateSecretVersionStageCommand({ SecretId: event.SecretId, VersionStage: CURRENT, MoveToVersionId: event.ClientRequestToken, RemoveFromVersionId: current }));
  }
  if (!options.afterPromotion) return;
  const promoted = await client.send(new GetSecretValueCommand({ SecretId: event.SecretId, VersionStage: CURRENT }));
  if (!promoted.SecretString) throw new Error(`The promoted value of ${event.SecretId} is empty`);
  await options.afterPromotion(promoted.SecretString);
}

export async function runRotationStep(client: SecretsManagerClient, event: RotationEvent, options: RotationOptions): Promise<void> {
  const stages = await stagesOf(client, event);
  const labels = stages[event.ClientRequestToken] ?? [];
  const alreadyCurrent = labels.includes(CURRENT);
  if (!alreadyCurrent && !labels.includes(PENDING)) throw new RotationRefusedError(`Version ${event.ClientRequestToken} is not pending rotation`);
  if (event.Step === 'createSecret') {
    if (!alreadyCurrent) await createSecret(client, event, options);
  } else if (event.Step === 'testSecret') {
    if (!alreadyCurrent) await testSecret(client, event, options);
  } else if (event.Step === 'finishSecret') {
    await finishSecret(client, event, stages, options);
  }
  // setSecret: nothing outside Secrets Manager holds this value until finishSecret hands it on.
}
