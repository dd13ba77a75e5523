import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';

/** A request as the fake received it. */
export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The caller's address as the socket saw it (IPv4-mapped IPv6 unwrapped): what a broker checks a static IP against. */
  readonly remoteAddress: string;
}

export interface FakeReply {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

/** One documented endpoint: `path` may hold `:name` segments, handed to `handle` as params. */
export interface FakeRoute {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  handle(request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply;
}

/**
 * Transport faults, one per call, consumed in order. `afterHandling` = the broker acts on the request
 * (records the order) before the fault hits, e.g. "record the order, then time out".
 */
export type TransportFault =
  | { readonly kind: 'latency'; readonly ms: number }
  | { readonly kind: 'rate-limit'; readonly afterHandling?: boolean }
  | { readonly kind: 'server-error'; readonly status?: number; readonly afterHandling?: boolean }
  /** Never answers: the socket is held until the client gives up or the fake stops. */
  | { readonly kind: 'timeout'; readonly afterHandling?: boolean }
  /** Closes the connection without an answer. */
  | { readonly kind: 'reset'; readonly afterHandling?: boolean };

export interface BrokerFakeServerOptions {
  readonly routes: readonly FakeRoute[];
  /** The broker's own answers for the generic faults. */
  rateLimitReply(): FakeReply;
  serverErrorReply(status: number): FakeReply;
  notFoundReply(): FakeReply;
}

export interface RecordedCall {
  readonly route: string;
  readonly request: FakeRequest;
  /** Where the call came from (the egress slot's address when it went through the egress proxy). */
  readonly remoteAddress: string;
}

export interface BrokerFakeServer {
  readonly url: string;
  /** TCP connections accepted so far (server 'connection' events): keep-alive reuse keeps this low. */
  connectionsOpened(): number;
  readonly calls: readonly RecordedCall[];
  callCount(route: string): number;
  inject(route: string, fault: TransportFault): void;
  stop(): Promise<void>;
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return null;
  }
  return params;
}

function send(response: ServerResponse, reply: FakeReply): void {
  response.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
  response.end(reply.body);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Also accepts on [::1] at the same port (loopback only, like 127.0.0.1), handing each connection to
 * the HTTP server: an IPv6 egress slot (`::1`) reaches the fake at `http://[::1]:<port>`, while
 * 127.0.0.x slots reach 127.0.0.1 as they are. A machine without IPv6 simply gets no such listener.
 */
function alsoOnIpv6Loopback(port: number, accept: (socket: Socket) => void): Promise<TcpServer | null> {
  return new Promise((resolve) => {
    const ipv6 = createTcpServer(accept);
    ipv6.once('error', () => resolve(null));
    ipv6.listen({ port, host: '::1', ipv6Only: true }, () => resolve(ipv6));
  });
}

/** A small node:http server on 127.0.0.1 and [::1] (one free port) that dispatches to broker routes and injects faults. */
export function startBrokerFakeServer(options: BrokerFakeServerOptions): Promise<BrokerFakeServer> {
  const calls: RecordedCall[] = [];
  const faults = new Map<string, TransportFault[]>();
  let connections = 0;

  const dispatch = async (request: FakeRequest, response: ServerResponse) => {
    const matched = options.routes
      .filter((route) => route.method === request.method)
      .map((route) => ({ route, params: matchPath(route.path, request.path) }))
      .find((candidate) => candidate.params !== null);
    if (!matched?.params) return send(response, options.notFoundReply());
    const { route, params } = matched;
    calls.push({ route: route.name, request, remoteAddress: request.remoteAddress });
    const fault = faults.get(route.name)?.shift();
    if (!fault) return send(response, route.handle(request, params));
    if (fault.kind === 'latency') {
      await wait(fault.ms);
      return send(response, route.handle(request, params));
    }
    // The broker acts on the request; its answer is then lost to the fault.
    if (fault.afterHandling) route.handle(request, params);
    if (fault.kind === 'rate-limit') return send(response, options.rateLimitReply());
    if (fault.kind === 'server-error') return send(response, options.serverErrorReply(fault.status ?? 500));
    if (fault.kind === 'reset') return response.socket?.destroy();
    // timeout: hold the socket and never answer.
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake.local');
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remoteAddress: (incoming.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      };
      void dispatch(request, response);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', () => {
    connections += 1;
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', async () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const ipv6 = await alsoOnIpv6Loopback(port, (socket) => server.emit('connection', socket));
      resolve({
        url: `http://127.0.0.1:${port}`,
        connectionsOpened: () => connections,
        calls,
        callCount: (route) => calls.filter((call) => call.route === route).length,
        inject: (route, fault) => {
          const queue = faults.get(route) ?? [];
          queue.push(fault);
          faults.set(route, queue);
        },
        stop: () =>
          new Promise((done) => {
            ipv6?.close();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
