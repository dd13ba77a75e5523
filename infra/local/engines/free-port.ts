import { createServer } from 'node:net';
import { StartupError } from '../startup-error';

/** Answers a port the OS says is free on the host (port 0 → any free port). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Fails with a clear line when the port is taken. */
export function assertPortFree(host: string, port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`Port ${port} on ${host} is already in use: stop what runs there or set ${variable} to another port.`)
          : error,
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
