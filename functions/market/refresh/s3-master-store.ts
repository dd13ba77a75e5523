import { assertValidFileKey } from '../../platform/files/file-keys';
import type { MasterStore } from './master-store-port';

/**
 * The three S3 operations the master store needs, in the shape of `@aws-sdk/client-s3`'s inputs. An
 * absent object answers null: S3 says 404, or 403 to a role without `s3:ListBucket` (these roles get
 * none, so a missing key and a key they may not read look alike; either way there is nothing to serve).
 */
export interface MasterObjectClient {
  headObject(input: { Bucket: string; Key: string }): Promise<{ etag: string } | null>;
  getObject(input: { Bucket: string; Key: string }): Promise<{ etag: string; text: string } | null>;
  putObject(input: { Bucket: string; Key: string; Body: string; ContentType: string }): Promise<unknown>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Keys are used as they are: at the bucket root, outside the publicly served `files/` prefix. */
export function s3MasterStore(client: MasterObjectClient, bucket: string): MasterStore {
  const objectOf = (key: string) => {
    assertValidFileKey(key);
    return { Bucket: bucket, Key: key };
  };
  return {
    name: `s3://${bucket}`,
    version: async (key) => (await client.headObject(objectOf(key)))?.etag ?? null,
    async read(key) {
      const object = await client.getObject(objectOf(key));
      return object ? { text: object.text, version: object.etag } : null;
    },
    async write(key, text) {
      await client.putObject({ ...objectOf(key), Body: text, ContentType: JSON_TYPE });
    },
  };
}

const ABSENT_STATUSES: ReadonlySet<number> = new Set([403, 404]);

function isAbsent(error: unknown): boolean {
  if (!(error instanceof Error) || !('$metadata' in error)) return false;
  const metadata = error.$metadata;
  const status = typeof metadata === 'object' && metadata !== null && 'httpStatusCode' in metadata ? metadata.httpStatusCode : undefined;
  return typeof status === 'number' && ABSENT_STATUSES.has(status);
}

async function nullWhenAbsent<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

/** The real client, loaded on first use (only containers that store on S3 pay for it). */
export async function sdkMasterObjectClient(region: string): Promise<MasterObjectClient> {
  const { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region });
  return {
    headObject: (input) => nullWhenAbsent(async () => ({ etag: (await s3.send(new HeadObjectCommand(input))).ETag ?? '' })),
    getObject: (input) =>
      nullWhenAbsent(async () => {
        const answer = await s3.send(new GetObjectCommand(input));
        return { etag: answer.ETag ?? '', text: (await answer.Body?.transformToString('utf-8')) ?? '' };
      }),
    putObject: (input) => s3.send(new PutObjectCommand(input)),
  };
}
