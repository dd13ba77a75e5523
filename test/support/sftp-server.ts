import { createHash, timingSafeEqual } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, posix } from 'node:path';
import ssh2, { type Attributes, type Connection, type SFTPWrapper } from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export interface SftpServerOptions {
  /** The folder served as the server's `/` (a user's home is `/`). */
  readonly root: string;
  readonly username: string;
  readonly password: string;
  /** An OpenSSH public key (`ssh-ed25519 AAAA…`) also let in, for key logins. */
  readonly authorizedKey?: string;
  /** 127.0.0.1 unless given; 0 → any free port. */
  readonly host?: string;
  readonly port?: number;
}

export interface SftpServer {
  readonly host: string;
  readonly port: number;
  /** The fingerprint of its host key as OpenSSH prints it (`SHA256:…`). */
  readonly hostFingerprint: string;
  /** Logins tried (accepted or not) since start: how a test counts a run's attempts. */
  readonly logins: number;
  /** Refuse every write with this text (the server's own words), or accept them again (null). */
  failWrites(message: string | null): void;
  stop(): Promise<void>;
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const attrsOf = (stats: Stats): Attributes => ({ mode: stats.mode, uid: 0, gid: 0, size: stats.size, atime: Math.floor(stats.atimeMs / 1000), mtime: Math.floor(stats.mtimeMs / 1000) });

/** Errors of the file system as SFTP status codes. */
function statusOf(error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

/**
 * The SFTP subsystem over one folder: the requests ssh2-sftp-client sends to check, create and enter a
 * folder and to upload, list, read and remove files (REALPATH, STAT/LSTAT/FSTAT, MKDIR, OPEN, WRITE, READ,
 * CLOSE, OPENDIR/READDIR, REMOVE, RMDIR, RENAME, SETSTAT/FSETSTAT). Paths never leave the folder.
 */
function serveSftp(sftp: SFTPWrapper, root: string, writeFailure: () => string | null): void {
  const files = new Map<number, number>();
  const dirs = new Map<number, { entries: string[]; path: string; sent: boolean }>();
  let nextHandle = 1;
  const newHandle = () => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(nextHandle);
    nextHandle += 1;
    return buffer;
  };
  const idOf = (handle: Buffer) => (handle.length === 4 ? handle.readUInt32BE(0) : -1);
  const virtual = (path: string) => posix.normalize(posix.join('/', path));
  const local = (path: string) => join(root, virtual(path));
  const attempt = (reqId: number, work: () => void) => {
    try {
      work();
    } catch (error) {
      sftp.status(reqId, statusOf(error), (error as Error).message.replace(root, ''));
    }
  };
  const ok = (reqId: number) => sftp.status(reqId, STATUS_CODE.OK);
  sftp.on('REALPATH', (reqId, path) => {
    const full = virtual(path);
    sftp.name(reqId, [{ filename: full, longname: full, attrs: {} as Attributes }]);
  });
  const stat = (reqId: number, path: string) => attempt(reqId, () => sftp.attrs(reqId, attrsOf(statSync(local(path)))));
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('FSTAT', (reqId, handle) => {
    const fd = files.get(idOf(handle));
    if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE, 'No such handle');
    return attempt(reqId, () => sftp.attrs(reqId, attrsOf(fstatSync(fd))));
  });
  sftp.on('SETSTAT', (reqId) => ok(reqId));
  sftp.on('FSETSTAT', (reqId) => ok(reqId));
  sftp.on('MKDIR', (reqId, path) => attempt(reqId, () => (mkdirSync(local(path)), ok(reqId))));
  sftp.on('RMDIR', (reqId, path) => attempt(reqId, () => (rmdirSync(local(path)), ok(reqId))));
  sftp.on('REMOVE', (reqId, path) => attempt(reqId, () => (unlinkSync(local(path)), ok(reqId))));
  sftp.on('RENAME', (reqId, from, to) => attempt(reqId, () => (renameSync(local(from), local(to)), ok(reqId))));
  sftp.on('OPEN', (reqId, filename, flags) => {
    const mode = utils.sftp.flagsToString(flags);
    if (!mode) return sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED);
    return attempt(reqId, () => {
      const handle = newHandle();
      files.set(idOf(handle), openSync(local(filename), mode));
      sftp.handle(reqId, handle);
    });
  });
  sftp.on('WRITE', (reqId, handle, offset, data) => {
    const fd = files.get(idOf(handle));
    if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE, 'No such handle');
    const refusal = writeFailure();
    if (refusal !== null) return sftp.status(reqId, STATUS_CODE.FAILURE, refusal);
    return attempt(reqId, () => (writeSync(fd, data, 0, data.length, offset), ok(reqId)));
  });
  sftp.on('READ', (reqId, handle, offset, length) => {
    const fd = files.get(idOf(handle));
    if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE, 'No such handle');
    return attempt(reqId, () => {
      const buffer = Buffer.alloc(length);
      const read = readSync(fd, buffer, 0, length, offset);
      if (read === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, buffer.subarray(0, read));
    });
  });
  sftp.on('OPENDIR', (reqId, path) =>
    attempt(reqId, () => {
      const entries = readdirSync(local(path));
      const handle = newHandle();
      dirs.set(idOf(handle), { entries, path: local(path), sent: false });
      sftp.handle(reqId, handle);
    }),
  );
  sftp.on('READDIR', (reqId, handle) => {
    const dir = dirs.get(idOf(handle));
    if (!dir) return sftp.status(reqId, STATUS_CODE.FAILURE, 'No such handle');
    if (dir.sent || dir.entries.length === 0) return sftp.status(reqId, STATUS_CODE.EOF);
    dir.sent = true;
    return attempt(reqId, () =>
      sftp.name(
        reqId,
        dir.entries.map((name) => {
          const stats = statSync(join(dir.path, name));
          return { filename: name, longname: `${stats.isDirectory() ? 'd' : '-'}rw-r--r-- 1 owner group ${stats.size} Jan 1 00:00 ${name}`, attrs: attrsOf(stats) };
        }),
      ),
    );
  });
  sftp.on('CLOSE', (reqId, handle) => {
    const id = idOf(handle);
    const fd = files.get(id);
    if (fd !== undefined) {
      files.delete(id);
      return attempt(reqId, () => (closeSync(fd), ok(reqId)));
    }
    if (dirs.delete(id)) return ok(reqId);
    return sftp.status(reqId, STATUS_CODE.FAILURE, 'No such handle');
  });
  sftp.on('close', () => {
    for (const fd of files.values()) closeSync(fd);
    files.clear();
  });
}

/**
 * A new ed25519 key pair in OpenSSH format. ssh2 now and then writes a private key that its own parser
 * then refuses ('Malformed OpenSSH private key'), which made a test run fail at random: such a pair is
 * drawn again.
 */
export function generateParsableKeyPair(): { private: string; public: string } {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error)) return pair;
  }
  throw new Error('ssh2 made no ed25519 key it can read in 10 tries');
}

/**
 * A real SSH server (ssh2's Server) with the SFTP subsystem over a folder, on loopback: password login
 * (and a public key, when given) for one user. The tests' stand-in for a franchise's server; the local
 * runtime's SFTP sandbox (infra/local/sftp-sandbox.ts) is the same server over the data folder.
 */
export async function startSftpServer(options: SftpServerOptions): Promise<SftpServer> {
  const hostKey = generateParsableKeyPair().private;
  const parsedHostKey = utils.parseKey(hostKey);
  if (parsedHostKey instanceof Error) throw parsedHostKey;
  const hostFingerprint = `SHA256:${createHash('sha256').update(parsedHostKey.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
  const allowedKey = options.authorizedKey ? utils.parseKey(options.authorizedKey) : null;
  if (allowedKey instanceof Error) throw allowedKey;
  let logins = 0;
  let refusal: string | null = null;
  const connections = new Set<Connection>();
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    connections.add(client);
    let counted = false;
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (!counted && context.method !== 'none') {
        counted = true;
        logins += 1;
      }
      const userOk = same(context.username, options.username);
      if (context.method === 'password' && userOk && same(context.password, options.password)) return context.accept();
      if (context.method === 'publickey' && userOk && allowedKey) {
        const keyOk = context.key.algo === allowedKey.type && allowedKey.getPublicSSH().equals(context.key.data);
        if (keyOk && !context.signature) return context.accept();
        if (keyOk && context.signature && context.blob && allowedKey.verify(context.blob, context.signature, context.hashAlgo) === true) return context.accept();
      }
      return context.reject(allowedKey ? ['password', 'publickey'] : ['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), options.root, () => refusal));
      });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    hostFingerprint,
    get logins() {
      return logins;
    },
    failWrites(message) {
      refusal = message;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.end();
        server.close(() => resolve());
      }),
  };
}
