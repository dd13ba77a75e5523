import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/config/headers';
import { nowMs } from '../clock';
import { config } from '../config';
import { ForbiddenError } from '../errors';

/**
 * Requests reach the API only through this stack's CloudFront (ADR 0010): CloudFront adds the origin
 * secret as a custom origin header, and every route group refuses a request without it, so nobody can
 * call the execute-api endpoint directly with a forged viewer address. The secret is read from
 * Secrets Manager (current and previous versions, so a rotation followed by the redeploy that hands
 * CloudFront the new value loses no request) and looked at again every few minutes. With no secret
 * configured (one machine) the local gateway is the edge and nothing is checked.
 */
export const NOT_THROUGH_SITE_MESSAGE = 'Requests must come through the site.';
const RECHECK_MS = 5 * 60_000;

let cached: { readonly values: readonly Buffer[]; readonly readAt: number } | undefined;

async function versionOf(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS', region: string): Promise<string | null> {
  const { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region });
  try {
    return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }))).SecretString ?? null;
  } catch (error) {
    if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return null;
    throw error;
  } finally {
    client.destroy();
  }
}

/** The accepted secrets; empty when none is configured. */
async function acceptedSecrets(): Promise<readonly Buffer[]> {
  const { originSecret, originSecretArn, region } = config();
  if (originSecret) return [Buffer.from(originSecret)];
  if (!originSecretArn) return [];
  if (cached && nowMs() - cached.readAt < RECHECK_MS) return cached.values;
  const versions = await Promise.all([versionOf(originSecretArn, 'AWSCURRENT', region), versionOf(originSecretArn, 'AWSPREVIOUS', region)]);
  const values = versions.filter((value): value is string => value !== null && value.length >= 32).map((value) => Buffer.from(value));
  if (values.length === 0) throw new Error('The origin secret is missing or shorter than 32 characters');
  cached = { values, readAt: nowMs() };
  return values;
}

function matches(given: Buffer, accepted: Buffer): boolean {
  return given.length === accepted.length && timingSafeEqual(given, accepted);
}

/** Throws 403 unless the request carries the origin secret (or none is configured). */
export async function assertThroughSite(headers: Readonly<Record<string, string>>): Promise<void> {
  const accepted = await acceptedSecrets();
  if (accepted.length === 0) return;
  const given = Buffer.from(headers[ORIGIN_VERIFY_HEADER] ?? '');
  if (!accepted.some((value) => matches(given, value))) throw new ForbiddenError(NOT_THROUGH_SITE_MESSAGE);
}

/** Forgets the cached secret (tests). */
export function resetOriginSecrets(): void {
  cached = undefined;
}
