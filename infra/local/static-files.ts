import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy } from '../../shared/config/site-security';
import { WEB_BASE_PATH } from '../../shared/domain/constants';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The headers CloudFront's response-headers policy adds on AWS. */
export const SITE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // No captcha site key is configured locally, so no captcha hosts are allowed.
  'content-security-policy': contentSecurityPolicy({ captcha: false }),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

async function fileIfExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA under /platform/ like the CloudFront function does: a path with a file
 * extension is a file (404 if missing); any other path is a client-side route → index.html.
 */
export async function serveSpa(distDir: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://local');
  const relative = decodeURIComponent(url.pathname.slice(WEB_BASE_PATH.length));
  const candidate = normalize(join(distDir, relative));
  const insideDist = candidate === distDir || candidate.startsWith(distDir + sep);
  const isFile = insideDist && extname(relative) !== '' && (await fileIfExists(candidate));
  if (extname(relative) !== '' && !isFile) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SITE_SECURITY_HEADERS }).end('Not found');
    return;
  }
  const file = isFile ? candidate : join(distDir, 'index.html');
  const immutable = isFile && relative.startsWith('assets/');
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SITE_SECURITY_HEADERS,
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}
