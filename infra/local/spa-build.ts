import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const WEB_DIR = join(REPO_ROOT, 'web');
export const WEB_DIST = join(WEB_DIR, 'dist');
export const VITE_CONFIG = join(WEB_DIR, 'vite.config.ts');

function newestMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The SPA needs a build when web/dist is missing or older than any of its sources. */
export function spaBuildIsStale(): boolean {
  const built = statSync(join(WEB_DIST, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  const sources = [join(WEB_DIR, 'src'), join(WEB_DIR, 'index.html'), VITE_CONFIG, join(REPO_ROOT, 'shared')];
  return Math.max(...sources.map(newestMtime)) > built.mtimeMs;
}

export async function buildSpa(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: VITE_CONFIG, logLevel: 'warn' });
}

export async function buildSpaIfStale(log: (line: string) => void): Promise<void> {
  if (!spaBuildIsStale()) return;
  log('Building the web app (web/dist is missing or stale)…');
  await buildSpa();
}
