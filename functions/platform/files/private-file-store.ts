import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { config } from '../config';
import { assertValidFileKey } from './file-keys';
import { localFilePaths, localFileStore, readLocalContentType } from './local-file-store';

/**
 * Private uploads (bank transfer receipts): written and read only by the functions, never served.
 * On S3 the keys sit at the bucket root, outside the `files/` prefix CloudFront serves (as the instrument
 * master does); on one machine in the dot-folder `.private` of the files folder, which the files server
 * never serves (a key segment may not start with a dot).
 */
export const LOCAL_PRIVATE_FILES_FOLDER = '.private';

export interface PrivateFile {
  readonly bytes: Buffer;
  readonly contentType: string;
}

export interface PrivateFileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  read(key: string): Promise<PrivateFile | null>;
  /** Deleting a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** The three S3 operations the private store needs, in the shape of `@aws-sdk/client-s3`'s inputs; an absent object reads as null. */
export interface PrivateObjectClient {
  putObject(input: { Bucket: string; Key: string; Body: Uint8Array; ContentType: string }): Promise<unknown>;
  getObject(input: { Bucket: string; Key: string }): Promise<PrivateFile | null>;
  deleteObject(input: { Bucket: string; Key: string }): Promise<unknown>;
}

export function s3PrivateFileStore(client: PrivateObjectClient, bucket: string): PrivateFileStore {
  const objectOf = (key: string) => {
    assertValidFileKey(key);
    return { Bucket: bucket, Key: key };
  };
  return {
    put: async (key, bytes, contentType) => {
      await client.putObject({ ...objectOf(key), Body: bytes, ContentType: contentType });
    },
    read: (key) => client.getObject(objectOf(key)),
    delete: async (key) => {
      await client.deleteObject(objectOf(key));
    },
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function localPrivateFileStore(dir: string): PrivateFileStore {
  const files = localFileStore(dir);
  return {
    put: (key, bytes, contentType) => files.put(key, bytes, contentType),
    async read(key) {
      let bytes: Buffer;
      try {
        bytes = await readFile(localFilePaths(dir, key).data);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return { bytes, contentType: (await readLocalContentType(dir, key)) ?? 'application/octet-stream' };
    },
    delete: (key) => files.delete(key),
  };
}

let objectClient: PrivateObjectClient | undefined;

/** Tests swap in a fake bucket client; undefined restores the real one. */
export function usePrivateObjectClient(client: PrivateObjectClient | undefined): void {
  objectClient = client;
}

const ABSENT_STATUSES: ReadonlySet<number> = new Set([403, 404]);

/** S3 answers 404 for a missing key, or 403 to a role without `s3:ListBucket` (these roles get none). */
function isAbsent(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
  return typeof status === 'number' && ABSENT_STATUSES.has(status);
}

/** The real client, loaded on first use (only containers that store on S3 pay for it). */
async function sdkPrivateObjectClient(region: string): Promise<PrivateObjectClient> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({ region });
  return {
    putObject: (input) => s3.send(new PutObjectCommand(input)),
    async getObject(input) {
      try {
        const answer = await s3.send(new GetObjectCommand(input));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },
    deleteObject: (input) => s3.send(new DeleteObjectCommand(input)),
  };
}

/** FILES_BUCKET (AWS) wins; otherwise FILES_DIR (one machine). */
export async function privateFiles(): Promise<PrivateFileStore> {
  const { filesBucket, filesDir, region } = config();
  if (filesBucket) {
    objectClient ??= await sdkPrivateObjectClient(region);
    return s3PrivateFileStore(objectClient, filesBucket);
  }
  if (!filesDir) throw new Error('Set FILES_BUCKET (AWS) or FILES_DIR (one machine) to store uploaded files');
  return localPrivateFileStore(join(resolve(filesDir), LOCAL_PRIVATE_FILES_FOLDER));
}
