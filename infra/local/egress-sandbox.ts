import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EGRESS_ENV } from '../../functions/platform/config';
import { startEchoServer } from '../../functions/platform/egress/echo-server';
import { startEgressProxy } from '../../functions/platform/egress/egress-proxy-server';
import type { Logger } from '../../functions/platform/logger';
import { PROXY_ALLOWED_HOSTS } from '../egress/broker-hosts';
import { assertPortFree } from './engines/free-port';

/**
 * One machine's egress (issue 20): the same CONNECT proxy the AWS hosts run, on this machine, with
 * loopback addresses as slots (127.0.0.2 …, ::1 — Linux answers the whole 127/8 without root), and the
 * address-echo service the egress check asks. The brokers' real order and login hosts stay allowed, so
 * an account pointed at a real broker leaves through a slot too; the broker fakes are reached on loopback.
 */
export const LOCAL_EGRESS_ALLOWED_HOSTS: readonly string[] = [...PROXY_ALLOWED_HOSTS, '127.0.0.1:*', '[::1]:*'];

/** The default port of the local proxy (EGRESS_PROXY_PORT). */
export const DEFAULT_EGRESS_PROXY_PORT = 8130;

/** This machine's egress secret: created once under DATA_DIR/secrets with owner-only permissions, like the JWT secret. */
export function localEgressSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets', 'egress-proxy.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export interface EgressSandbox {
  readonly proxyUrl: string;
  readonly echoUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the proxy (on `port`; 0 → any free port) and the echo service (any free port), and points the
 * handlers at them: EGRESS_ECHO_URL for the egress check, EGRESS_PROXY_URL for slots seeded here.
 */
export async function startEgressSandbox(options: { readonly host: string; readonly port: number; readonly secret: string; readonly log: Pick<Logger, 'info' | 'warn'> }): Promise<EgressSandbox> {
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  if (options.port !== 0) await assertPortFree(host, options.port, 'EGRESS_PROXY_PORT');
  const proxy = await startEgressProxy({ host, port: options.port, secret: options.secret, allowedHosts: LOCAL_EGRESS_ALLOWED_HOSTS, log: options.log });
  const echo = await startEchoServer({ host: '127.0.0.1', port: 0 }).catch(async (error: unknown) => {
    await proxy.stop();
    throw error;
  });
  process.env[EGRESS_ENV.echoUrl] = echo.url;
  process.env[EGRESS_ENV.proxyUrl] = proxy.url;
  return {
    proxyUrl: proxy.url,
    echoUrl: echo.url,
    stop: async () => {
      await echo.stop();
      await proxy.stop();
    },
  };
}
