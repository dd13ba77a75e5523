import { Agent as HttpAgent, request as httpRequest, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIPv6, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { EGRESS_BIND_HEADER, EGRESS_REASON_HEADER, proxyAuthorization } from './egress-credentials';
import { EGRESS_CONNECT_TIMEOUT_MS, EgressTunnelError, egressFailureMessage, type EgressRoute } from './egress-route';

/**
 * The client side of the egress proxy: keep-alive agents whose every socket is a `CONNECT` tunnel from
 * one slot. Written on node:http rather than hpagent, which carries extra CONNECT headers but bounds the
 * proxy handshake only by the agent's idle timeout and reports a refusal as a bare "Bad response: 407":
 * an order must give up on the proxy within EGRESS_CONNECT_TIMEOUT_MS and say why (the proxy's reason).
 */
type OnCreate = (error: Error | null, socket: Duplex) => void;

function authorityOf(host: string, port: number | string): string {
  return `${isIPv6(host) ? `[${host}]` : host}:${port}`;
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'ECONNFAILED';
}

/**
 * The proxy's refusal as an error. 502/504: it could not reach the broker from the slot's address (a
 * refused connection may pass, so 502 may be retried quickly; a timeout is not). Anything else (407
 * credentials, 403 allow-list, 400) is final.
 */
function refusalOf(route: EgressRoute, status: number, reason: string): EgressTunnelError {
  const upstream = status === 502 || status === 504;
  const what = upstream
    ? `the egress proxy could not connect to the broker from that address (${reason})`
    : `the egress proxy refused the connection (${status} ${reason})`;
  return new EgressTunnelError(route, `EGRESS_${status}`, status === 502, egressFailureMessage(route, what));
}

/**
 * Opens `CONNECT host:port` through the route's proxy with the slot's credentials and bind address.
 * Resolves with the raw tunnel socket; rejects with an EgressTunnelError within EGRESS_CONNECT_TIMEOUT_MS.
 */
export function openEgressTunnel(route: EgressRoute, host: string, port: number | string, timeoutMs = EGRESS_CONNECT_TIMEOUT_MS): Promise<Socket> {
  const proxy = new URL(route.proxyUrl);
  const target = authorityOf(host, port);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: EgressTunnelError | null, socket?: Socket) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else if (socket) resolve(socket);
    };
    const request = httpRequest({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || 80,
      method: 'CONNECT',
      path: target,
      setHost: false,
      agent: false,
      headers: { host: target, 'proxy-authorization': proxyAuthorization(route.ipId, route.token), [EGRESS_BIND_HEADER]: route.bindAddress },
    });
    const deadline = setTimeout(() => {
      request.destroy();
      const what = `the egress proxy did not open the connection within ${timeoutMs} ms`;
      settle(new EgressTunnelError(route, 'ETIMEDOUT', false, egressFailureMessage(route, what)));
    }, timeoutMs);
    request.once('connect', (response, socket: Socket, head: Buffer) => {
      if (response.statusCode === 200) {
        if (head.length > 0) socket.unshift(head);
        settle(null, socket);
        return;
      }
      socket.destroy();
      const reason = response.headers[EGRESS_REASON_HEADER];
      settle(refusalOf(route, response.statusCode ?? 0, (Array.isArray(reason) ? reason[0] : reason) ?? 'no reason given'));
    });
    request.once('error', (error) => {
      const code = errorCode(error);
      settle(new EgressTunnelError(route, code, true, egressFailureMessage(route, `the egress proxy could not be reached (${code})`)));
    });
    request.end();
  });
}

/** Opens the tunnel, then hands the socket to `finish` (plain for http:, TLS inside the tunnel for https:). */
function connectThrough(route: EgressRoute, options: ClientRequestArgs, defaultPort: number, onCreate: OnCreate, finish: (socket: Socket) => Duplex): void {
  const host = options.host ?? options.hostname ?? 'localhost';
  openEgressTunnel(route, host, options.port ?? defaultPort).then(
    (socket) => {
      if (options.timeout) socket.setTimeout(options.timeout);
      onCreate(null, finish(socket));
    },
    // With an error Node never looks at the socket argument.
    (error: Error) => onCreate(error, undefined as unknown as Duplex),
  );
}

/** Keep-alive agent for http: origins whose every socket is a tunnel from one slot (the local fakes). */
export class EgressHttpAgent extends HttpAgent {
  constructor(
    private readonly route: EgressRoute,
    options: ConstructorParameters<typeof HttpAgent>[0],
  ) {
    super(options);
  }

  override createConnection(options: ClientRequestArgs, onCreate?: OnCreate): Duplex | null | undefined {
    if (onCreate) connectThrough(this.route, options, 80, onCreate, (socket) => socket);
    return undefined;
  }
}

/** Keep-alive agent for https: origins: TLS runs end to end inside the slot's tunnel. */
export class EgressHttpsAgent extends HttpsAgent {
  constructor(
    private readonly route: EgressRoute,
    options: ConstructorParameters<typeof HttpsAgent>[0],
  ) {
    super(options);
  }

  override createConnection(options: ClientRequestArgs, onCreate?: OnCreate): Duplex | null | undefined {
    if (onCreate) connectThrough(this.route, options, 443, onCreate, (socket) => super.createConnection({ ...options, socket } as ClientRequestArgs) as Duplex);
    return undefined;
  }
}

/** The agent for `origin` whose every socket is a tunnel from the route's slot. */
export function createEgressAgent(origin: URL, route: EgressRoute, options: ConstructorParameters<typeof HttpAgent>[0]): EgressHttpAgent | EgressHttpsAgent {
  return origin.protocol === 'https:' ? new EgressHttpsAgent(route, options) : new EgressHttpAgent(route, options);
}
