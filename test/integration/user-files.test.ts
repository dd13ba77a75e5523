import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKeys } from '../../functions/platform/files/file-keys';
import { ENV } from '../../shared/config/env-names';
import { resetConfigForTests } from '../../functions/platform/config';
import { deleteFile, publicUrl, putFile, useObjectStorageClient } from '../../functions/platform/files/file-store';
import type { ObjectStorageClient } from '../../functions/platform/files/s3-file-store';
import { serveFiles } from '../../infra/local/files-server';

const root = mkdtempSync(join(tmpdir(), 'tb-files-server-'));
const filesDir = join(root, 'files');
mkdirSync(filesDir);
writeFileSync(join(root, 'secret.txt'), 'outside the files folder');
process.env[ENV.filesDir] = filesDir;
resetConfigForTests();

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((request, response) => void serveFiles(filesDir, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** A raw request, so paths reach the server exactly as written (fetch would normalise `..`). */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('files port (local folder) and the local files server', () => {
  it('stores, serves (GET and HEAD, query ignored) and deletes a file at its public URL', async () => {
    // Prepare
    const key = fileKeys.profileImage(1, 424242);
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    // Act
    await putFile(key, bytes, 'image/jpeg');
    const url = publicUrl(key);
    const got = await send('GET', `${url}?v=123`);
    const head = await send('HEAD', url);
    await deleteFile(key);
    const gone = await send('HEAD', url);
    // Assess
    expect(url).toBe('/files/profile/1/424242');
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('no-cache');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.body.equals(bytes)).toBe(true);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.body.length).toBe(0);
    expect(gone.status).toBe(404);
    await expect(deleteFile(key)).resolves.toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    await putFile('whitelabel/9/login_bg', Buffer.from('RIFF0000WEBP'), 'image/webp');
    const first = await send('GET', '/files/whitelabel/9/login_bg');
    const again = await send('GET', '/files/whitelabel/9/login_bg', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('takes the content type from the extension when a file has no sidecar', async () => {
    mkdirSync(join(filesDir, 'instruments'), { recursive: true });
    writeFileSync(join(filesDir, 'instruments', 'logo.png'), Buffer.from([0x89, 0x50]));
    const got = await send('GET', '/files/instruments/logo.png');
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
  });

  it.each([
    '/files/../secret.txt',
    '/files/%2e%2e/secret.txt',
    '/files/..%2fsecret.txt',
    '/files/profile/..%2F..%2Fsecret.txt',
    '/files/%2Fetc%2Fpasswd',
    '/files/.meta/whitelabel/9/login_bg',
    '/files/',
    '/files',
    '/files/%E0%A4%A',
    '/elsewhere/secret.txt',
  ])('refuses %s with 404 and never leaks a file outside the folder', async (path) => {
    const answer = await send('GET', path);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain('outside the files folder');
  });

  it('answers 405 to other methods', async () => {
    const answer = await send('POST', '/files/profile/1/1');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('refuses to store under a key that could leave the folder', async () => {
    await expect(putFile('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid file key/);
    await expect(putFile('profile/../../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid file key/);
    await expect(putFile('.meta/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid file key/);
  });
});

describe('files port (S3 bucket)', () => {
  it('puts and deletes objects under files/<key> in FILES_BUCKET, with the same public URL', async () => {
    // Prepare
    const calls: { op: string; input: unknown }[] = [];
    const fake: ObjectStorageClient = {
      putObject: async (input) => calls.push({ op: 'put', input }),
      deleteObject: async (input) => calls.push({ op: 'delete', input }),
    };
    process.env[ENV.filesBucket] = 'tradebridge-files-test';
    resetConfigForTests();
    useObjectStorageClient(fake);
    try {
      // Act
      await putFile('profile/1/2', Buffer.from('img'), 'image/png');
      await deleteFile('profile/1/2');
    } finally {
      delete process.env[ENV.filesBucket];
      resetConfigForTests();
      useObjectStorageClient(undefined);
    }
    // Assess
    expect(calls).toEqual([
      { op: 'put', input: { Bucket: 'tradebridge-files-test', Key: 'files/profile/1/2', Body: Buffer.from('img'), ContentType: 'image/png', CacheControl: 'no-cache' } },
      { op: 'delete', input: { Bucket: 'tradebridge-files-test', Key: 'files/profile/1/2' } },
    ]);
    expect(publicUrl('profile/1/2')).toBe('/files/profile/1/2');
  });

});
