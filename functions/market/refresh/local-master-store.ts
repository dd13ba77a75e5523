import { open, stat } from 'node:fs/promises';
import { localFilePaths, localFileStore } from '../../platform/files/local-file-store';
import type { MasterStore, StoredText } from './master-store-port';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Every write replaces the file by a rename (a new inode), so inode, size and time change together. */
function versionOf(info: { ino: number; size: number; mtimeMs: number }): string {
  return `${info.ino}-${info.size}-${Math.round(info.mtimeMs)}`;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The master in a folder; writes go through the files port's atomic writer (old file or new, never half). */
export function localMasterStore(dir: string): MasterStore {
  const files = localFileStore(dir);
  return {
    name: dir,
    async version(key) {
      try {
        return versionOf(await stat(localFilePaths(dir, key).data));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key): Promise<StoredText | null> {
      let handle;
      try {
        handle = await open(localFilePaths(dir, key).data, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // One handle for both: a rename meanwhile cannot pair the new version with the old text.
      try {
        const [info, text] = await Promise.all([handle.stat(), handle.readFile('utf8')]);
        return { text, version: versionOf(info) };
      } finally {
        await handle.close();
      }
    },
    write: (key, text) => files.put(key, Buffer.from(text, 'utf8'), JSON_TYPE),
  };
}
