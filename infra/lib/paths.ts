import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this file so synth works from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The SPA build folder that `npm run build:web` writes. */
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

/** Absolute path of a handler module given relative to `functions/`, e.g. `auth/index.ts`. */
export function functionEntry(modulePath: string): string {
  return path.join(REPO_ROOT, 'functions', modulePath);
}
