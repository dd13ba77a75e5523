import { join, resolve } from 'node:path';
import { config } from '../../platform/config';
import { localMasterStore } from './local-master-store';
import { s3MasterStore, sdkMasterObjectClient, type MasterObjectClient } from './s3-master-store';
import type { StoredText, MasterStore } from './master-store-port';


/**
 * Locally the master sits in a dot-folder inside the files folder: the files server (and the S3-like key
 * rules it applies) never serves a path segment that starts with a dot, so it is stored but not public.
 */
export const LOCAL_PRIVATE_FOLDER = '.private';

let objectClient: MasterObjectClient | undefined;

/** Tests swap in a fake bucket client; undefined restores the real one. */
export function useMasterObjectClient(client: MasterObjectClient | undefined): void {
  objectClient = client;
}

/** FILES_BUCKET (AWS) wins, then FILES_DIR (one machine); null when neither is set (nothing stored). */
export async function configuredMasterStore(): Promise<MasterStore | null> {
  const { filesBucket, filesDir, region } = config();
  if (filesBucket) {
    objectClient ??= await sdkMasterObjectClient(region);
    return s3MasterStore(objectClient, filesBucket);
  }
  return filesDir ? localMasterStore(join(resolve(filesDir), LOCAL_PRIVATE_FOLDER)) : null;
}
