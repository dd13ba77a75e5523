import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FileStore } from './file-store-port';
import { assertValidFileKey, isValidFileKey } from './file-keys';

/**
 * Files in a folder: the bytes at `<dir>/<key>`, the content type in a sidecar at
 * `<dir>/.meta/<key>` (keys never start with a dot, so the sidecars cannot be addressed as files).
 */
const META_DIR = '.meta';

export function localFilePaths(dir: string, key: string): { data: string; meta: string } {
  assertValidFileKey(key);
  return { data: join(dir, ...key.split('/')), meta: join(dir, META_DIR, ...key.split('/')) };
}

/** Writes next to the target, then renames: a reader sees the old file or the new one, never half. */
async function writeAtomically(path: string, content: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, content);
  await rename(temporary, path);
}

export function localFileStore(dir: string): FileStore {
  return {
    async put(key, bytes, contentType) {
      const paths = localFilePaths(dir, key);
      await writeAtomically(paths.meta, contentType);
      await writeAtomically(paths.data, bytes);
    },
    async delete(key) {
      const paths = localFilePaths(dir, key);
      await rm(paths.data, { force: true });
      await rm(paths.meta, { force: true });
    },
  };
}

/** The stored content type of a local file, or null when it has no sidecar. */
export async function readLocalContentType(dir: string, key: string): Promise<string | null> {
  if (!isValidFileKey(key)) return null;
  try {
    const stored = (await readFile(localFilePaths(dir, key).meta, 'utf8')).trim();
    return stored || null;
  } catch {
    return null;
  }
}
