import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '../../shared/config/runtime-config';
import { RUNTIME_CONFIG_PATH } from '../../shared/config/runtime-config';
import { API_BASE_PATH, FILES_BASE_PATH, WEB_BASE_PATH } from '../../shared/domain/constants';
import { GROUP_HANDLER_MODULES, type HttpHandler } from './group-handlers';
import { lambdaContext, toHttpApiEvent } from './lambda-event';
import { resolveGatewayRoute } from './route-table';
import { serveSpa, SITE_SECURITY_HEADERS } from './static-files';

/** API Gateway's own payload limit; the handlers enforce the API's smaller limit with a 413 envelope. */
const GATEWAY_PAYLOAD_LIMIT = 10 * 1024 * 1024;
const HANDLER_TIMEOUT_MS = 10_000;

export type WebMiddleware = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export interface GatewayOptions {
  readonly host: string;
  readonly port: number;
  /** Serves /platform/ (the built SPA, or the Vite dev middleware); null → API only. */
  readonly web: WebMiddleware | null;
  /** Serves /files/ (uploaded files, as CloudFront serves the files bucket); null → not served. */
  readonly files: WebMiddleware | null;
  readonly runtimeConfig: (request: IncomingMessage) => RuntimeConfig;
  readonly onError?: (error: unknown) => void;
}

export interface RunningGateway {
  readonly server: Server;
  readonly url: string;
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_PAYLOAD_LIMIT) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > GATEWAY_PAYLOAD_LIMIT ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const handlerCache = new Map<string, Promise<HttpHandler>>();

function loadHandler(group: keyof typeof GROUP_HANDLER_MODULES): Promise<HttpHandler> {
  let loaded = handlerCache.get(group);
  if (!loaded) {
    loaded = GROUP_HANDLER_MODULES[group]().then((module) => module.handler);
    handlerCache.set(group, loaded);
  }
  return loaded;
}

async function invokeApi(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
  const body = await readBody(request);
  if (body === null) {
    response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Request Entity Too Large' }));
    return;
  }
  const route = resolveGatewayRoute(request.method ?? 'GET', path);
  const event = toHttpApiEvent(request, body, route.routeKey, route.pathParameters);
  const handler = await loadHandler(route.group);
  const result = await handler(event, lambdaContext(`tradebridge-${route.group}`, HANDLER_TIMEOUT_MS));
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/** The local stand-in for API Gateway + CloudFront: /api/v4 → group handlers, /platform/ → SPA, / → /platform/. */
export function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    const work = async () => {
      if (path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`)) return invokeApi(request, response, path);
      if (path === RUNTIME_CONFIG_PATH) {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...SITE_SECURITY_HEADERS });
        response.end(JSON.stringify(options.runtimeConfig(request)));
        return;
      }
      if (options.files && path.startsWith(FILES_BASE_PATH)) return options.files(request, response);
      if (options.web && (path === WEB_BASE_PATH.slice(0, -1) || path.startsWith(WEB_BASE_PATH))) {
        if (path === WEB_BASE_PATH.slice(0, -1)) {
          response.writeHead(301, { location: WEB_BASE_PATH }).end();
          return;
        }
        return options.web(request, response);
      }
      response.writeHead(302, { location: WEB_BASE_PATH }).end();
    };
    work().catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Internal server error' }));
    });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${options.host}:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export { serveSpa };
