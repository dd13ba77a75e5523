import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_HEADER } from '../../shared/config/headers';
import { ROTATION_ENV } from '../../shared/config/env-names';
import { setOriginHeader } from '../platform/edge/origin-header';
import { createLogger } from '../platform/logger';
import { runRotationStep, type RotationEvent } from '../platform/secrets/secret-rotation';

/**
 * The rotation Lambda of the stack's random-value secrets (infra: AppSecrets). With a distribution id
 * in its environment it rotates the origin secret: once the new value is current, CloudFront is
 * pointed at it. Never logs a value.
 */
const VALUE_LENGTH = 64;

export async function handler(event: RotationEvent): Promise<void> {
  const log = createLogger({ worker: 'rotate-secret', step: event.Step });
  const distributionId = process.env[ROTATION_ENV.distributionId];
  const secrets = new SecretsManagerClient({});
  const cloudFront = distributionId ? new CloudFrontClient({ region: 'us-east-1' }) : null;
  try {
    await runRotationStep(secrets, event, {
      valueLength: VALUE_LENGTH,
      ...(cloudFront && distributionId
        ? { afterPromotion: async (value: string) => log.info('origin header pointed', { changed: await setOriginHeader(cloudFront, distributionId, ORIGIN_VERIFY_HEADER, value) }) }
        : {}),
    });
    log.info('rotation step done', { secretId: event.SecretId });
  } finally {
    secrets.destroy();
    cloudFront?.destroy();
  }
}
