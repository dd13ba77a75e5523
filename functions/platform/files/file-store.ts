import { resolve } from 'node:path';
import { config } from '../config';
import { publicFilePath } from './file-keys';
import { localFileStore } from './local-file-store';
import { s3FileStore, type ObjectStorageClient } from './s3-file-store';
import type { FileStore } from './file-store-port';

let objectStorage: ObjectStorageClient | undefined;

/** Tests swap in a fake bucket client; undefined restores the real one. */
export function useObjectStorageClient(client: ObjectStorageClient | undefined): void {
  objectStorage = client;
}

/** The S3 client, loaded and created once per container on first use. */
async function s3Storage(): Promise<ObjectStorageClient> {
  if (!objectStorage) {
    const { DeleteObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({ region: config().region });
    objectStorage = {
      putObject: (input) => s3.send(new PutObjectCommand(input)),
      deleteObject: (input) => s3.send(new DeleteObjectCommand(input)),
    };
  }
  return objectStorage;
}

/** FILES_BUCKET (AWS) wins; otherwise FILES_DIR (one machine). */
async function fileStore(): Promise<FileStore> {
  const { filesBucket, filesDir } = config();
  if (filesBucket) return s3FileStore(await s3Storage(), filesBucket);
  if (!filesDir) throw new Error('Set FILES_BUCKET (AWS) or FILES_DIR (one machine) to store uploaded files');
  return localFileStore(resolve(filesDir));
}

export async function putFile(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await (await fileStore()).put(key, bytes, contentType);
}

/** Deleting a file that is not there is not an error. */
export async function deleteFile(key: string): Promise<void> {
  await (await fileStore()).delete(key);
}

/** The path the file is served at, on this origin, on both runtimes. */
export function publicUrl(key: string): string {
  return publicFilePath(key);
}
