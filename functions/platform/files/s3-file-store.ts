import type { FileStore } from './file-store-port';
import { assertValidFileKey, PUBLIC_FILES_PATH } from './file-keys';

/**
 * The two S3 operations the file store needs, in the shape of `@aws-sdk/client-s3`'s
 * PutObject/DeleteObject inputs, so an `S3Client` adapts to it in two lines:
 *
 *   const s3 = new S3Client({});
 *   useObjectStorageClient({ putObject: (i) => s3.send(new PutObjectCommand(i)), deleteObject: (i) => s3.send(new DeleteObjectCommand(i)) });
 */
export interface ObjectStorageClient {
  putObject(input: { Bucket: string; Key: string; Body: Uint8Array; ContentType: string; CacheControl: string }): Promise<unknown>;
  deleteObject(input: { Bucket: string; Key: string }): Promise<unknown>;
}

/** Object key in the bucket: the public path without its leading slash, so CloudFront's `/files/*` maps 1:1. */
export function objectKeyOf(key: string): string {
  assertValidFileKey(key);
  return `${PUBLIC_FILES_PATH.slice(1)}/${key}`;
}

export function s3FileStore(client: ObjectStorageClient, bucket: string): FileStore {
  return {
    async put(key, bytes, contentType) {
      await client.putObject({ Bucket: bucket, Key: objectKeyOf(key), Body: bytes, ContentType: contentType, CacheControl: 'no-cache' });
    },
    async delete(key) {
      await client.deleteObject({ Bucket: bucket, Key: objectKeyOf(key) });
    },
  };
}
