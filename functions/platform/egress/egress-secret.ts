import { nowMs } from '../clock';
import { config, ConfigError, EGRESS_ENV, egressSecret, MIN_EGRESS_SECRET_LENGTH } from '../config';
import { readSecretVersions } from '../secrets/secret-versions';

/**
 * The secret the slots' proxy tokens are derived from: EGRESS_SECRET (one machine, tests, the proxy
 * hosts' env file) or, on AWS Lambda, the Secrets Manager secret named by EGRESS_SECRET_ARN, read
 * again every few minutes like the token signing secret.
 */
const REREAD_MS = 10 * 60_000;

let cached: { readonly secret: Promise<string>; readonly readAt: number } | undefined;

async function load(): Promise<string> {
  if (process.env[EGRESS_ENV.secret]?.trim()) return egressSecret();
  const arn = process.env[EGRESS_ENV.secretArn]?.trim();
  if (!arn) throw new ConfigError(`${EGRESS_ENV.secret} (or ${EGRESS_ENV.secretArn}) is not set: accounts with a static IP cannot send orders without it`);
  return (await readSecretVersions(arn, config().region, MIN_EGRESS_SECRET_LENGTH)).current;
}

export function loadEgressSecret(): Promise<string> {
  if (cached && nowMs() - cached.readAt < REREAD_MS) return cached.secret;
  const secret = load();
  const entry = { secret, readAt: nowMs() };
  cached = entry;
  secret.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return secret;
}

/** Tests and the local runtime change the environment between runs. */
export function resetEgressSecret(): void {
  cached = undefined;
}
