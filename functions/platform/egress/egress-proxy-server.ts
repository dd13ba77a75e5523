import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect as connectTcp, isIPv6, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger';
import { egressAllowList, parseConnectTarget, type EgressTarget } from './egress-allow-list';
import { EGRESS_BIND_HEADER, EGRESS_REASON_HEADER, parseProxyAuthorization, verifyEgressToken } from './egress-credentials';

/**
 * The egress proxy (issue 20, reference §3.3): a forward proxy that only tunnels. For each
 * `CONNECT host:port` it checks the slot's credentials and the allow-list, opens the upstream socket
 * bound to the slot's address (`localAddress`), answers 200 and pipes bytes both ways without reading
 * them — TLS stays end to end, so broker tokens never pass through here in the clear.
 */
export interface EgressProxyOptions {
  readonly host: string;
  /** 0 → any free port. */
  readonly port: number;
  readonly secret: string;
  /** Entries as egress-allow-list.ts reads them. */
  readonly allowedHosts: readonly string[];
  readonly log?: Pick<Logger, 'info' | 'warn'>;
  /** A tunnel with no bytes either way for this long is closed (default 5 minutes). */
  readonly idleTimeoutMs?: number;
  /** The upstream connect must succeed within this (default 1.5 s, inside the client's 2 s bound). */
  readonly upstreamConnectTimeoutMs?: number;
}

export interface EgressProxyStats {
  /** Tunnels open now. */
  readonly open: number;
  /** Tunnels established since start. */
  readonly total: number;
  /** CONNECT requests answered with an error (407, 403, 400, 502, 504). */
  readonly refused: number;
}

export interface EgressProxy {
  readonly url: string;
  stats(): EgressProxyStats;
  stop(): Promise<void>;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS = 1_500;

const silent: Pick<Logger, 'info' | 'warn'> = { info: () => undefined, warn: () => undefined };

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'ECONNFAILED';
}

/** Writes a complete refusal on the raw client socket and closes it (a CONNECT has no ServerResponse). */
function refuse(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  const extra = status === 407 ? 'Proxy-Authenticate: Basic realm="egress"\r\n' : '';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n${extra}${EGRESS_REASON_HEADER}: ${reason}\r\n` +
      `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface Admission {
  readonly ipId: string;
  readonly bind: string;
  readonly target: EgressTarget;
}

export function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const log = options.log ?? silent;
  const allowList = egressAllowList(options.allowedHosts);
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const connectTimeoutMs = options.upstreamConnectTimeoutMs ?? DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS;
  const tunnels = new Set<Socket>();
  const counts = { open: 0, total: 0, refused: 0 };

  const refuseCounted = (socket: Duplex, status: number, reason: string, fields: Record<string, unknown>) => {
    counts.refused += 1;
    log.warn('egress tunnel refused', { status, reason, ...fields });
    refuse(socket, status, reason);
  };

  /** Who may open what: the checks in order, each with its own answer. */
  const admit = (request: IncomingMessage, socket: Duplex): Admission | null => {
    const target = parseConnectTarget(request.url ?? '');
    if (!target) {
      refuseCounted(socket, 400, 'bad-target', { target: request.url });
      return null;
    }
    const credentials = parseProxyAuthorization(headerValue(request, 'proxy-authorization'));
    const bind = headerValue(request, EGRESS_BIND_HEADER)?.trim() ?? '';
    if (!credentials || bind === '' || !verifyEgressToken(options.secret, credentials.ipId, bind, credentials.token)) {
      refuseCounted(socket, 407, 'bad-credentials', { ipId: credentials?.ipId ?? null, bind, target: request.url });
      return null;
    }
    if (!allowList.allows(target)) {
      refuseCounted(socket, 403, 'host-not-allowed', { ipId: credentials.ipId, target: request.url });
      return null;
    }
    return { ipId: credentials.ipId, bind, target };
  };

  const track = (client: Socket, upstream: Socket) => {
    counts.open += 1;
    counts.total += 1;
    tunnels.add(client);
    tunnels.add(upstream);
    const close = () => {
      if (!tunnels.delete(client)) return;
      tunnels.delete(upstream);
      counts.open -= 1;
      client.destroy();
      upstream.destroy();
    };
    for (const side of [client, upstream]) {
      side.on('close', close);
      side.on('error', close);
    }
    upstream.setTimeout(idleTimeoutMs, close);
    client.setTimeout(idleTimeoutMs, close);
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true, tunnels: counts.open }));
      return;
    }
    // Only CONNECT tunnels: a plain forward request would let the proxy read what it carries.
    response.writeHead(405, { 'content-type': 'text/plain', allow: 'CONNECT' });
    response.end('Only CONNECT tunnels (and GET /health) are served.\n');
  });

  // Node hands a CONNECT's raw socket over as a Duplex; for a TCP listener it is always a net.Socket.
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const admission = admit(request, client);
    if (!admission) return;
    const { ipId, bind, target } = admission;
    const upstream = connectTcp({ host: target.host, port: target.port, localAddress: bind, family: isIPv6(bind) ? 6 : 4 });
    const deadline = setTimeout(() => upstream.destroy(Object.assign(new Error('upstream connect timed out'), { code: 'ETIMEDOUT' })), connectTimeoutMs);
    upstream.once('error', (error) => {
      clearTimeout(deadline);
      const code = errorCode(error);
      // EADDRNOTAVAIL: this host does not hold the slot's address (wrong proxy, or the address is not up).
      refuseCounted(client, code === 'ETIMEDOUT' ? 504 : 502, `upstream-${code}`, { ipId, bind, target: request.url });
    });
    upstream.once('connect', () => {
      clearTimeout(deadline);
      upstream.removeAllListeners('error');
      track(client, upstream);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      const host = isIPv6(options.host) ? `[${options.host}]` : options.host;
      log.info('egress proxy listening', { url: `http://${host}:${port}`, allowedHosts: options.allowedHosts.length });
      resolve({
        url: `http://${host}:${port}`,
        stats: () => ({ ...counts }),
        stop: () =>
          new Promise<void>((done) => {
            for (const socket of tunnels) socket.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
