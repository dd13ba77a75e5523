import { readFileSync } from 'node:fs';
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
