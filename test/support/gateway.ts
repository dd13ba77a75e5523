import { afterAll, beforeAll } from 'vitest';
import { TENANT_HOST_HEADER } from '../../shared/config/headers';
import { startGateway, type RunningGateway } from '../../infra/local/gateway';
import { attachRealtimeServer, type RunningRealtimeServer } from '../../infra/local/realtime-server';

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  readonly rawBody?: string | Uint8Array<ArrayBuffer>;
  readonly headers?: Record<string, string>;
  readonly host?: string;
}

/**
 * Starts the real local gateway (API only) for one test file and answers a small HTTP client. With
 * `realtime`, the local realtime channel too (its errors in `realtimeErrors`).
 */
export function useGateway(options: { readonly realtime?: boolean } = {}) {
  let gateway: RunningGateway | undefined;
  let realtime: RunningRealtimeServer | undefined;
  const realtimeErrors: unknown[] = [];
  beforeAll(async () => {
    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      web: null,
      files: null,
      runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'test' }),
    });
    if (options.realtime) realtime = attachRealtimeServer(gateway.server, { onError: (error) => realtimeErrors.push(error) });
  });
  afterAll(async () => {
    await realtime?.stop();
    await gateway?.stop();
  });

  return {
    realtimeErrors: realtimeErrors as readonly unknown[],
    url: () => {
      if (!gateway) throw new Error('gateway not started');
      return gateway.url;
    },
    async call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
      if (!gateway) throw new Error('gateway not started');
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | Uint8Array<ArrayBuffer> | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      if (options.host) headers[TENANT_HOST_HEADER] = options.host;
      const response = await fetch(`${gateway.url}/api/v4${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
  };
}
