import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { Client as FtpClient } from 'basic-ftp';
import type { SFTPWrapper } from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import type { FtpProtocol } from '../../shared/contracts/config-groups/ftp-config';
import { serverAddressOf } from './public-address';

/** Where and how to reach the franchise's server: FTP_CONFIG's fields with the secrets opened. */
export interface RemoteSettings {
  readonly protocol: FtpProtocol;
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly password: string;
  readonly privateKey: string;
  readonly remoteFolder: string;
  /** SFTP: the server key's fingerprint it must show (`SHA256:…`, as ssh-keygen -l prints it); '' accepts any. */
  readonly hostFingerprint: string;
}

/** An open connection, inside the remote folder (created when missing). */
export interface RemoteFolder {
  /** SFTP: the fingerprint of the key the server showed (null for FTP/FTPS). */
  readonly hostFingerprint: string | null;
  upload(name: string, content: string): Promise<void>;
  close(): Promise<void>;
}

/** A failure the server (or the way to it) reported, in its own words, secrets removed. */
export class RemoteServerError extends Error {}

/** Never let a secret through in an error text (a server may echo what it was sent). */
function scrubbed(message: string, settings: RemoteSettings): string {
  let text = message;
  for (const secret of [settings.password, settings.privateKey]) if (secret.length >= 4) text = text.split(secret).join('••••••••');
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

const folderPath = (folder: string, name: string) => (folder === '' ? name : `${folder.replace(/\/+$/, '')}/${name}`);

const WRITE_CHUNK = 32_768;

/**
 * Writes a file whole (replacing one of the same name) with SFTP's own open / write / close, so a write
 * the server refuses fails with its words (ssh2's write stream, which `put` uses, drops a refused write's
 * error when it closes the handle).
 */
async function writeWhole(sftp: SFTPWrapper, path: string, data: Buffer): Promise<void> {
  const handle = await new Promise<Buffer>((resolve, reject) => sftp.open(path, 'w', (error, opened) => (error ? reject(error) : resolve(opened))));
  try {
    for (let offset = 0; offset < data.length; offset += WRITE_CHUNK) {
      const length = Math.min(WRITE_CHUNK, data.length - offset);
      await new Promise<void>((resolve, reject) => sftp.write(handle, data, offset, length, offset, (error) => (error ? reject(error) : resolve())));
    }
  } finally {
    await new Promise<void>((resolve) => sftp.close(handle, () => resolve()));
  }
}

/** An SSH host key's fingerprint as OpenSSH prints it: `SHA256:` and the unpadded base64 digest. */
export const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

async function openSftp(settings: RemoteSettings, address: string, timeoutMs: number): Promise<RemoteFolder> {
  // Quiet global listeners (the defaults print to the console); every failure reaches the caller's promise.
  const quiet = () => undefined;
  const client = new SftpClient('tradebridge-export', { error: quiet, end: quiet, close: quiet });
  let seen: string | null = null;
  const sftp = await client
    .connect({
      host: address,
      port: settings.port,
      username: settings.username,
      readyTimeout: timeoutMs,
      hostVerifier: (key: Buffer) => {
        seen = fingerprintOf(key);
        return settings.hostFingerprint === '' || seen === settings.hostFingerprint;
      },
      ...(settings.privateKey ? { privateKey: settings.privateKey } : {}),
      ...(settings.password ? { password: settings.password } : {}),
    })
    .catch((error: unknown) => {
      if (seen !== null && settings.hostFingerprint !== '' && seen !== settings.hostFingerprint) {
        throw new Error(`The server showed the key ${seen}, not the saved ${settings.hostFingerprint}: check the server (or save its new key).`);
      }
      throw error;
    });
  try {
    if (settings.remoteFolder !== '' && (await client.exists(settings.remoteFolder)) !== 'd') await client.mkdir(settings.remoteFolder, true);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    hostFingerprint: seen,
    upload: (name, content) => writeWhole(sftp, folderPath(settings.remoteFolder, name), Buffer.from(content, 'utf8')),
    close: async () => {
      await client.end();
    },
  };
}

async function openFtp(settings: RemoteSettings, address: string, timeoutMs: number): Promise<RemoteFolder> {
  const client = new FtpClient(timeoutMs);
  try {
    // Connected by address; the certificate (FTPS) is checked against the name entered.
    await client.access({
      host: address,
      port: settings.port,
      user: settings.username,
      password: settings.password,
      secure: settings.protocol === 'FTPS',
      ...(isIP(settings.host) ? {} : { secureOptions: { servername: settings.host } }),
    });
    if (settings.remoteFolder !== '') await client.ensureDir(settings.remoteFolder);
  } catch (error) {
    client.close();
    throw error;
  }
  return {
    hostFingerprint: null,
    upload: async (name, content) => {
      await client.uploadFrom(Readable.from([Buffer.from(content, 'utf8')]), name);
    },
    close: async () => {
      client.close();
    },
  };
}

/**
 * Connects to the franchise's server — SFTP with ssh2-sftp-client, FTPS (explicit TLS, certificate
 * checked) or acknowledged plain FTP with basic-ftp — and enters the remote folder, creating it when
 * missing. On AWS the server must have a public address (public-address.ts). Every failure is a
 * RemoteServerError carrying the server's (or the network's) own words.
 */
export async function openRemoteFolder(settings: RemoteSettings, timeoutMs: number): Promise<RemoteFolder> {
  const guard = <T>(work: Promise<T>) => work.catch((error: unknown) => Promise.reject(new RemoteServerError(scrubbed(error instanceof Error ? error.message : String(error), settings))));
  const address = await serverAddressOf(settings.host);
  if (!address.ok) throw new RemoteServerError(address.reason);
  const folder = await guard(settings.protocol === 'SFTP' ? openSftp(settings, address.address, timeoutMs) : openFtp(settings, address.address, timeoutMs));
  return {
    hostFingerprint: folder.hostFingerprint,
    upload: (name, content) => guard(folder.upload(name, content)),
    close: () => folder.close().catch(() => undefined),
  };
}
