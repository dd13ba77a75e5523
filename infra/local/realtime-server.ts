import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { RealtimeLambdaEvent } from '../../functions/realtime/index';
import { setRealtimePublisher } from '../../functions/notifications/realtime-publisher';
import type { RealtimePublisher } from '../../functions/notifications/realtime-publisher-port';
import type { RealtimeMessage } from '../../shared/contracts/realtime';
import { now as clockNow, nowMs } from '../../functions/platform/clock';
import { WEBSOCKET_LIMITS } from '../../shared/config/websocket-limits';
import { REALTIME_PATH } from '../../shared/domain/constants';
import { lambdaContext } from './lambda-event';

export type RealtimeHandler = (event: RealtimeLambdaEvent, context: Context) => Promise<{ statusCode?: number }>;

export interface RealtimeServerOptions {
  /** The WebSocket Lambda; by default functions/realtime/index.ts, imported on the first upgrade. */
  readonly handler?: RealtimeHandler;
  readonly onError?: (error: unknown) => void;
}

export interface RunningRealtimeServer {
  stop(): Promise<void>;
}

const HANDLER_TIMEOUT_MS = 10_000;
type RouteKey = '$connect' | '$disconnect' | '$default';
const EVENT_TYPES = { $connect: 'CONNECT', $disconnect: 'DISCONNECT', $default: 'MESSAGE' } as const;

/** API Gateway's connection ids are short base64-like strings, e.g. `L0SM9cOFvHcCIhw=`. */
function newConnectionId(): string {
  return randomBytes(10).toString('base64');
}

function handshakeHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function queryParameters(url: URL): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
  return Object.keys(query).length ? query : undefined;
}

interface EventParts {
  readonly routeKey: RouteKey;
  readonly connectionId: string;
  readonly connectedAt: number;
  readonly domainName: string;
  readonly headers?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: string;
}

/** The event API Gateway's WebSocket API sends its Lambda integration. */
function toWebSocketEvent(parts: EventParts): RealtimeLambdaEvent {
  const now = clockNow();
  const requestId = ulid();
  return {
    requestContext: {
      routeKey: parts.routeKey,
      eventType: EVENT_TYPES[parts.routeKey],
      connectionId: parts.connectionId,
      connectedAt: parts.connectedAt,
      messageId: ulid(),
      extendedRequestId: requestId,
      requestId,
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      messageDirection: 'IN',
      stage: 'local',
      domainName: parts.domainName,
      apiId: 'local',
    },
    ...(parts.headers ? { headers: parts.headers } : {}),
    ...(parts.query ? { queryStringParameters: parts.query } : {}),
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    isBase64Encoded: false,
  };
}

/** The checks `ws` makes before it completes a handshake, made before `$connect` runs. */
function isWebSocketHandshake(request: IncomingMessage): boolean {
  const key = request.headers['sec-websocket-key'];
  return (
    request.method === 'GET' &&
    request.headers.upgrade?.toLowerCase() === 'websocket' &&
    typeof key === 'string' &&
    /^[+/0-9A-Za-z]{22}==$/.test(key) &&
    ['8', '13'].includes(request.headers['sec-websocket-version'] ?? '')
  );
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function refuseHandshake(socket: Duplex, statusCode: number): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The local stand-in for the API Gateway WebSocket API, on the gateway's own port at
 * REALTIME_PATH: the handshake becomes a `$connect` event (refused unless the handler answers 2xx),
 * each frame a `$default` event, the close a `$disconnect` event. Messages the functions publish
 * reach the open socket through a local RealtimePublisher.
 */
export function attachRealtimeServer(server: Server, options: RealtimeServerOptions = {}): RunningRealtimeServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET_LIMITS.maxMessageBytes });
  const open = new Map<string, WebSocket>();
  /** Messages published between `$connect` storing the connection and the socket opening. */
  const opening = new Map<string, RealtimeMessage[]>();
  const inFlight = new Set<Promise<unknown>>();
  let loadedHandler: Promise<RealtimeHandler> | undefined;

  const realtimeHandler = (): Promise<RealtimeHandler> => {
    if (options.handler) return Promise.resolve(options.handler);
    loadedHandler ??= import('../../functions/realtime/index').then((module) => module.handler);
    return loadedHandler;
  };

  const invoke = async (parts: EventParts): Promise<number | undefined> => {
    const handler = await realtimeHandler();
    const result = await handler(toWebSocketEvent(parts), lambdaContext('tradebridge-realtime', HANDLER_TIMEOUT_MS));
    return result.statusCode;
  };
  const reportError = (error: unknown) => options.onError?.(error);
  /** A client resetting or sending a bad frame is the client's problem; the close that follows is handled. */
  const ignoreClientFault = () => undefined;

  /** Runs an event nobody waits for (frames, closes); stop() waits for them. */
  const track = (parts: EventParts): void => {
    const pending = invoke(parts).catch(reportError);
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
  };

  const publisher: RealtimePublisher = {
    async send(connectionId, message) {
      const queued = opening.get(connectionId);
      if (queued) {
        queued.push(message);
        return 'sent';
      }
      const socket = open.get(connectionId);
      if (!socket || socket.readyState !== WebSocket.OPEN) return 'gone';
      await new Promise<void>((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
      return 'sent';
    },
  };
  const restorePublisher = setRealtimePublisher(publisher);

  const accept = (socket: WebSocket, base: Omit<EventParts, 'routeKey'>): void => {
    const { connectionId } = base;
    open.set(connectionId, socket);
    for (const message of opening.get(connectionId) ?? []) socket.send(JSON.stringify(message));
    opening.delete(connectionId);
    socket.on('error', ignoreClientFault);
    socket.on('message', (data: RawData) => track({ ...base, routeKey: '$default', body: frameText(data) }));
    socket.on('close', () => {
      open.delete(connectionId);
      track({ ...base, routeKey: '$disconnect' });
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname !== REALTIME_PATH) {
      socket.destroy();
      return;
    }
    if (!isWebSocketHandshake(request)) {
      refuseHandshake(socket, 400);
      return;
    }
    /** Until `ws` owns the socket, a reset by the client must not crash the process. */
    socket.on('error', ignoreClientFault);
    const headers = handshakeHeaders(request);
    const base = { connectionId: newConnectionId(), connectedAt: nowMs(), domainName: headers.host ?? '127.0.0.1' };
    opening.set(base.connectionId, []);
    const handshake = invoke({ ...base, routeKey: '$connect', headers, query: queryParameters(url) })
      .catch((error: unknown) => {
        reportError(error);
        return 500;
      })
      .then((statusCode = 401) => {
        const accepted = statusCode >= 200 && statusCode < 300;
        if (accepted && !socket.destroyed) {
          socket.off('error', ignoreClientFault);
          wss.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, base));
          return;
        }
        opening.delete(base.connectionId);
        if (accepted) track({ ...base, routeKey: '$disconnect' });
        else refuseHandshake(socket, statusCode >= 400 && statusCode < 600 ? statusCode : 401);
      });
    inFlight.add(handshake);
    void handshake.finally(() => inFlight.delete(handshake));
  };
  server.on('upgrade', onUpgrade);

  return {
    async stop() {
      server.off('upgrade', onUpgrade);
      await Promise.all(inFlight);
      const closing = [...open.values()].map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once('close', () => resolve());
            socket.terminate();
          }),
      );
      await Promise.all(closing);
      await Promise.all(inFlight);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      restorePublisher();
    },
  };
}
