import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebMiddleware } from './gateway';
import { freePort } from './engines/free-port';
import { buildSpaIfStale, VITE_CONFIG, WEB_DIST } from './spa-build';
import { serveSpa } from './static-files';

export interface WebServing {
  readonly middleware: WebMiddleware;
  close(): Promise<void>;
}

/** Production-like: the built SPA from web/dist (rebuilt first if missing or stale). */
export async function builtSpa(log: (line: string) => void): Promise<WebServing> {
  await buildSpaIfStale(log);
  return { middleware: (request, response) => serveSpa(WEB_DIST, request, response), close: async () => undefined };
}

/** `npm run dev`: Vite in middleware mode with hot reload (its HMR socket on a port of its own). */
export async function viteDevServer(host: string): Promise<WebServing> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: VITE_CONFIG,
    appType: 'spa',
    server: { middlewareMode: true, ws: { host, port: await freePort(host) } },
  });
  const middleware = (request: IncomingMessage, response: ServerResponse) =>
    new Promise<void>((resolve) => {
      vite.middlewares(request, response, () => {
        response.writeHead(404).end('Not found');
        resolve();
      });
      response.once('finish', resolve);
    });
  return { middleware, close: () => vite.close() };
}
