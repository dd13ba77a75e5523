/**
 * The two live versions of a Secrets Manager secret: AWSCURRENT (what new tokens and headers use) and
 * AWSPREVIOUS (still accepted after a rotation, until what was made with it has expired or the edge has
 * moved on). The SDK is imported on first use: only AWS runtimes read secrets this way.
 */
export interface SecretVersions {
  readonly current: string;
  readonly previous: string | null;
}

async function versionOf(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS', region: string): Promise<string | null> {
  const { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region });
  try {
    return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }))).SecretString ?? null;
  } catch (error) {
    // A secret never rotated has no AWSPREVIOUS.
    if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return null;
    throw error;
  } finally {
    client.destroy();
  }
}

/** Both versions; throws when the current one is missing or shorter than `minLength` (a previous one that short is ignored). */
export async function readSecretVersions(secretId: string, region: string, minLength: number): Promise<SecretVersions> {
  const [current, previous] = await Promise.all([versionOf(secretId, 'AWSCURRENT', region), versionOf(secretId, 'AWSPREVIOUS', region)]);
  if (!current || current.length < minLength) throw new Error(`The secret ${secretId} is missing or shorter than ${minLength} characters`);
  return { current, previous: previous && previous.length >= minLength ? previous : null };
}
