import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { isValidFileKey, PUBLIC_FILES_PATH } from '../../functions/platform/files/file-keys';
import { localFilePaths, readLocalContentType } from '../../functions/platform/files/local-file-store';

/** For files written without a content-type sidecar. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const FILE_HEADERS = {
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
} as const;

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...FILE_HEADERS }).end('Not found');
}

/** The file key named by a `/files/...` path, or null when the path names none (or tries to leave the folder). */
function keyOfPath(pathname: string): string | null {
  if (!pathname.startsWith(`${PUBLIC_FILES_PATH}/`)) return null;
  try {
    const key = decodeURIComponent(pathname.slice(PUBLIC_FILES_PATH.length + 1));
    return isValidFileKey(key) ? key : null;
  } catch {
    return null;
  }
}

async function existingFile(filesDir: string, key: string): Promise<{ path: string; size: number; modified: Date } | null> {
  const root = resolve(filesDir);
  const path = resolve(localFilePaths(root, key).data);
  if (!path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, modified: info.mtime } : null;
  } catch {
    return null;
  }
}

/**
 * Serves uploaded files at `/files/<key>` from the files folder, as CloudFront serves the bucket on
 * AWS: GET and HEAD only, 404 when the file is missing (HEAD too, so the SPA can fall back to the
 * initial letter), `cache-control: no-cache` (URLs carry a `?v=` version), never outside the folder.
 */
export async function serveFiles(filesDir: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', ...FILE_HEADERS }).end('Method not allowed');
    return;
  }
  const key = keyOfPath(new URL(request.url ?? '/', 'http://local').pathname);
  const file = key ? await existingFile(filesDir, key) : null;
  if (!key || !file) return notFound(response);
  const contentType = (await readLocalContentType(filesDir, key)) ?? TYPES_BY_EXTENSION[extname(key).toLowerCase()] ?? 'application/octet-stream';
  const etag = `W/"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`;
  const headers = { ...FILE_HEADERS, etag, 'last-modified': file.modified.toUTCString() };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, { ...headers, 'content-type': contentType, 'content-length': String(file.size) });
  if (method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file.path).on('error', () => response.destroy()).pipe(response);
}
