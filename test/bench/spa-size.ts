import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSpaIfStale, WEB_DIST } from '../../infra/local/spa-build';

/** Gzip size of the JavaScript the browser loads before the first screen: the entry and its preloads. */
export async function measureSpaInitialJs(): Promise<{ files: string[]; gzipBytes: number; rawBytes: number }> {
  await buildSpaIfStale(() => undefined);
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/platform\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(WEB_DIST, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}

/** The files index.html loads before the first screen. */
function initialFiles(): Set<string> {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/platform\/([^"]+\.js)"/g)].map((m) => m[1] ?? ''));
}

/**
 * Gzip size of what the browser fetches the first time a lazily loaded module is used: the module's own
 * chunk (`assets/<name>-<hash>.js`) and the chunks it imports, less those the initial load already has.
 * The price chart: `measureLazyChunk('candle-chart')` (the chart library travels in a chunk of its own).
 */
export async function measureLazyChunk(name: string): Promise<{ files: string[]; gzipBytes: number; rawBytes: number }> {
  await buildSpaIfStale(() => undefined);
  const assets = readdirSync(join(WEB_DIST, 'assets'));
  const entry = assets.find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
  if (!entry) throw new Error(`no chunk named ${name} in ${WEB_DIST}/assets`);
  const initial = initialFiles();
  const files: string[] = [];
  const pending = [`assets/${entry}`];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (files.includes(file) || initial.has(file)) continue;
    files.push(file);
    const code = readFileSync(join(WEB_DIST, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) pending.push(`assets/${match[1] ?? ''}`);
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(WEB_DIST, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}
