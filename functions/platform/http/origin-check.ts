import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/config/headers';
import { nowMs } from '../clock';
import { config } from '../config';
import { ForbiddenError } from '../errors';
import { readSecretVersions } from '../secrets/secret-versions';

/**
 * Requests reach the API only through this stack's CloudFront (ADR 0010): CloudFront adds the origin
 * secret as a custom origin header, and every route group refuses a request without it, so nobody can
 * call the execute-api endpoint directly with a forged viewer address. The secret is read from
 * Secrets Manager (current and previous versions: the rotation, rotate-secret.ts, promotes a new
 * value and then points CloudFront at it, and the old one is still taken meanwhile) and looked at
 * again every few minutes, or sooner when a request brings a value this container does not know yet. With no secret
 * configured (one machine) the local gateway is the edge and nothing is checked.
 */
export const NOT_THROUGH_SITE_MESSAGE = 'Requests must come through the site.';
const RECHECK_MS = 5 * 60_000;
/** A refused header makes a container read the secret again at most this often (a rotation it has not seen yet). */
const REREAD_ON_MISS_MS = 30_000;
const MIN_SECRET_LENGTH = 32;

let cached: { readonly values: readonly Buffer[]; readonly readAt: number } | undefined;

/** The accepted secrets; empty when none is configured. */
async function acceptedSecrets(): Promise<readonly Buffer[]> {
  const { originSecret, originSecretArn, region } = config();
  if (originSecret) return [Buffer.from(originSecret)];
  if (!originSecretArn) return [];
  if (cached && nowMs() - cached.readAt < RECHECK_MS) return cached.values;
  const { current, previous } = await readSecretVersions(originSecretArn, region, MIN_SECRET_LENGTH);
  const values = [current, ...(previous === null ? [] : [previous])].map((value) => Buffer.from(value));
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
  if (accepted.some((value) => matches(given, value))) return;
  // CloudFront may already send a value rotated after this container read the secret: read it again (not too often).
  if (cached && nowMs() - cached.readAt >= REREAD_ON_MISS_MS) {
    cached = undefined;
    if ((await acceptedSecrets()).some((value) => matches(given, value))) return;
  }
  throw new ForbiddenError(NOT_THROUGH_SITE_MESSAGE);
}

/** Forgets the cached secret (tests). */
export function resetOriginSecrets(): void {
  cached = undefined;
}
