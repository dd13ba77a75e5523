import { config } from '../config';

/**
 * The HMAC key that signs login tokens: from JWT_SECRET locally (a key file the runtime creates),
 * from Secrets Manager on AWS. Fetched once per container.
 */
let keyPromise: Promise<Uint8Array> | undefined;

async function loadSecret(): Promise<string> {
  const { jwtSecret, jwtSecretArn, region } = config();
  if (jwtSecret) return jwtSecret;
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region });
  const answer = await client.send(new GetSecretValueCommand({ SecretId: jwtSecretArn }));
  client.destroy();
  if (!answer.SecretString || answer.SecretString.length < 32) {
    throw new Error('The token signing secret is missing or shorter than 32 characters');
  }
  return answer.SecretString;
}

export function signingKey(): Promise<Uint8Array> {
  keyPromise ??= loadSecret()
    .then((secret) => new TextEncoder().encode(secret))
    .catch((error: unknown) => {
      keyPromise = undefined;
      throw error;
    });
  return keyPromise;
}

export function resetSigningKey(): void {
  keyPromise = undefined;
}
