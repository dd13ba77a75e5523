import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';

/**
 * The one-machine stand-in for https://checkip.amazonaws.com: answers every GET with the caller's source
 * address as plain text (`::ffff:` of IPv4-mapped addresses stripped), so the egress check can prove
 * which slot address a call left from. On 127.0.0.1 it also listens on [::1] at the same port, so an
 * IPv6 loopback slot can be checked too.
 */
export interface EchoServer {
  readonly url: string;
  stop(): Promise<void>;
}

function answerCaller(request: IncomingMessage, response: ServerResponse): void {
  const remote = request.socket.remoteAddress ?? '';
  const address = remote.startsWith('::ffff:') && remote.includes('.') ? remote.slice('::ffff:'.length) : remote;
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end(`${address}\n`);
}

function alsoOnIpv6Loopback(port: number): Promise<Server | null> {
  const ipv6 = createServer(answerCaller);
  return new Promise((resolve) => {
    ipv6.once('error', () => resolve(null));
    ipv6.listen({ port, host: '::1', ipv6Only: true }, () => resolve(ipv6));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });
}

export function startEchoServer(options: { readonly host: string; readonly port: number }): Promise<EchoServer> {
  const server = createServer(answerCaller);
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, async () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      const host = isIPv6(options.host) ? `[${options.host}]` : options.host;
      const ipv6 = options.host === '127.0.0.1' ? await alsoOnIpv6Loopback(port) : null;
      resolve({
        url: `http://${host}:${port}/`,
        stop: async () => {
          if (ipv6) await close(ipv6);
          await close(server);
        },
      });
    });
  });
}
