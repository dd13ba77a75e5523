import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startSftpServer } from '../../test/support/sftp-server';
import { assertPortFree } from './engines/free-port';

const loginSchema = z.object({ username: z.string(), password: z.string() });

/** The sandbox's login, made once per data folder (kept under secrets/, owner-only). */
function sandboxLogin(dataDir: string): z.infer<typeof loginSchema> {
  const file = join(dataDir, 'secrets', 'sftp-sandbox.json');
  if (existsSync(file)) return loginSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const login = { username: 'sandbox', password: randomBytes(9).toString('base64url') };
  writeFileSync(file, JSON.stringify(login), { mode: 0o600 });
  return login;
}

export interface SftpSandbox {
  /** `127.0.0.1:<port>`. */
  readonly address: string;
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly password: string;
  /** Where uploaded files land. */
  readonly folder: string;
  stop(): Promise<void>;
}

/**
 * One machine's SFTP server for trying a franchise's FTP_CONFIG: a real SSH server (ssh2) with the SFTP
 * subsystem, on loopback only, password login (made once per data folder); what it receives lands in
 * `<dataDir>/sftp/` (its `/`). The same server the integration tests upload to (test/support/sftp-server.ts).
 */
export async function startSftpSandbox(options: { readonly dataDir: string; readonly port: number }): Promise<SftpSandbox> {
  const host = '127.0.0.1';
  if (options.port !== 0) await assertPortFree(host, options.port, 'SFTP_SANDBOX_PORT');
  const folder = join(options.dataDir, 'sftp');
  mkdirSync(folder, { recursive: true });
  const login = sandboxLogin(options.dataDir);
  const server = await startSftpServer({ root: folder, username: login.username, password: login.password, host, port: options.port });
  return { address: `${host}:${server.port}`, host, port: server.port, username: login.username, password: login.password, folder, stop: () => server.stop() };
}
