import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join, posix } from 'node:path';

export interface FtpServer {
  readonly port: number;
  /** Every command received, passwords included as `PASS ***`. */
  readonly commands: readonly string[];
  stop(): Promise<void>;
}

/**
 * A small plain FTP server (RFC 959 with EPSV) over a folder, on loopback: one user, the commands
 * basic-ftp sends to log in, create and enter folders and store files (USER, PASS, FEAT, TYPE, STRU,
 * OPTS, PWD, CWD, MKD, EPSV/PASV, STOR, QUIT); anything else is 502. The tests' stand-in for a franchise
 * that chose plain FTP (acknowledged as insecure); a wrong password answers "530 Login incorrect.".
 */
export async function startFtpServer(options: { readonly root: string; readonly username: string; readonly password: string }): Promise<FtpServer> {
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  const servers = new Set<Server>();
  const control = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let user = '';
    let loggedIn = false;
    let cwd = '/';
    let passive: Promise<Socket> | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const local = (path: string) => join(options.root, posix.normalize(posix.resolve(cwd, path)));
    const openPassive = () =>
      new Promise<number>((resolve) => {
        const data = createServer();
        servers.add(data);
        passive = new Promise<Socket>((accept) =>
          data.once('connection', (connection) => {
            data.close();
            servers.delete(data);
            accept(connection);
          }),
        );
        data.listen(0, '127.0.0.1', () => resolve((data.address() as AddressInfo).port));
      });
    const handle = async (line: string) => {
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      const command = verb.toUpperCase();
      commands.push(command === 'PASS' ? 'PASS ***' : line);
      if (command === 'USER') return (user = argument), reply('331 Password required.');
      if (command === 'PASS') {
        loggedIn = user === options.username && argument === options.password;
        return reply(loggedIn ? '230 Logged in.' : '530 Login incorrect.');
      }
      if (command === 'QUIT') return reply('221 Bye.'), socket.end();
      if (command === 'FEAT') return reply('211 No features.');
      // No TLS here: a client asking for it (FTPS) hears so before it sends a password.
      if (command === 'AUTH') return reply('502 AUTH not implemented.');
      if (!loggedIn) return reply('530 Please login with USER and PASS.');
      if (command === 'TYPE' || command === 'STRU' || command === 'OPTS') return reply('200 OK.');
      if (command === 'PWD') return reply(`257 "${cwd}" is the current directory.`);
      if (command === 'CWD') {
        const target = posix.normalize(posix.resolve(cwd, argument));
        const found = (() => {
          try {
            return statSync(join(options.root, target)).isDirectory();
          } catch {
            return false;
          }
        })();
        if (!found) return reply(`550 ${argument}: No such directory.`);
        cwd = target;
        return reply('250 Directory changed.');
      }
      if (command === 'MKD') {
        try {
          mkdirSync(local(argument));
          return reply(`257 "${argument}" created.`);
        } catch {
          return reply(`550 ${argument}: Cannot create.`);
        }
      }
      if (command === 'EPSV') return reply(`229 Entering Extended Passive Mode (|||${await openPassive()}|)`);
      if (command === 'PASV') {
        const port = await openPassive();
        return reply(`227 Entering Passive Mode (127,0,0,1,${Math.floor(port / 256)},${port % 256})`);
      }
      if (command === 'STOR' && passive) {
        const pending = passive;
        passive = null;
        reply('150 Opening data connection.');
        const data = await pending;
        const chunks: Buffer[] = [];
        data.on('data', (chunk: Buffer) => chunks.push(chunk));
        data.on('end', () => {
          writeFileSync(local(argument), Buffer.concat(chunks));
          reply('226 Transfer complete.');
        });
        return undefined;
      }
      return reply(`502 ${command} not implemented.`);
    };
    let buffered = '';
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end = buffered.indexOf('\r\n');
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        queue = queue.then(() => handle(line)).then(() => undefined);
        end = buffered.indexOf('\r\n');
      }
    });
    reply('220 Test FTP server ready.');
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (control.address() as AddressInfo).port,
    commands,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        for (const server of servers) server.close();
        control.close(() => resolve());
      }),
  };
}
