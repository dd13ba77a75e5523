import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/engines/free-port';
import { REPO_ROOT } from '../../infra/local/spa-build';

const dataDir = mkdtempSync(join(tmpdir(), 'tb-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s entry with the given environment and collects how it ends. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim(), stdout: stdout.trim() });
    });
  });
}

describe('npm start refuses to start with one clear line', () => {
  it('when the port is already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const result = await start({ PORT: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Port ${port} on 127.0.0.1 is already in use: stop what runs there or set PORT to another port.`);
    } finally {
      blocker.close();
    }
  });

  it('when Java is missing', async () => {
    const binWithoutJava = mkdtempSync(join(tmpdir(), 'tb-bin-'));
    symlinkSync(process.execPath, join(binWithoutJava, 'node'));
    const result = await start({ PORT: String(await freePort()), PATH: binWithoutJava });
    rmSync(binWithoutJava, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Java is not installed: DynamoDB Local needs Java 17 or newer/);
  });

  it('when the data folder cannot be written', async () => {
    const result = await start({ DATA_DIR: join(REPO_ROOT, 'package.json', 'data') });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Cannot write to the data folder .+: fix its permissions or set DATA_DIR to a writable folder\.$/);
  });
});
