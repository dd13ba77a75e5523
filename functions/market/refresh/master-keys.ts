/**
 * Where the daily instrument master is stored. On S3 these keys sit at the bucket root, outside the
 * `files/` prefix that CloudFront serves; locally they live in a folder the files server never serves.
 * Kept free of imports: the CDK stack reads the prefix to grant access to exactly these keys.
 */
export const MASTER_KEY_PREFIX = 'master/';

export const masterKeys = {
  /** The master every container serves from. */
  current: `${MASTER_KEY_PREFIX}current.json`,
  /** One copy per day, kept as history (what was served on a given day). */
  day: (asOf: string) => `${MASTER_KEY_PREFIX}${asOf}.json`,
} as const;
