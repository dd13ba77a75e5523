import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
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

/**
 * Builds in a child process with NODE_ENV=production: a caller such as vitest runs with
 * NODE_ENV=test, under which Vite would bundle React's development build.
 */
export function buildSpa(): Promise<void> {
  const require = createRequire(import.meta.url);
  const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--config', VITE_CONFIG, '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`The web build failed: ${errors.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

export async function buildSpaIfStale(log: (line: string) => void): Promise<void> {
  if (!spaBuildIsStale()) return;
  log('Building the web app (web/dist is missing or stale)…');
  await buildSpa();
}
