import { afterAll, beforeAll } from 'vitest';
import { EGRESS_ENV, egressSecret } from '../../functions/platform/config';
import { startEchoServer, type EchoServer } from '../../functions/platform/egress/echo-server';
import { egressToken } from '../../functions/platform/egress/egress-credentials';
import { startEgressProxy, type EgressProxy } from '../../functions/platform/egress/egress-proxy-server';
import type { EgressRoute } from '../../functions/platform/egress/egress-route';
import type { AccountEgress } from '../../functions/data/broker-accounts-repository';

/** The secret of tests without the integration environment (unit files); the integration env sets its own. */
export const UNIT_EGRESS_SECRET = 'unit-test-egress-secret-0123456789abcdef';

/** Loopback targets the test fakes listen on (any port). */
export const LOOPBACK_TARGETS = ['127.0.0.1:*', '[::1]:*'] as const;

export interface EgressProxyHandle {
  /** The running proxy (throws before beforeAll ran). */
  proxy(): EgressProxy;
  url(): string;
  /** An account's stored `egress` for a loopback slot on this proxy (ip id derived from the address). */
  accountEgress(bindAddress: string, ipId?: string): AccountEgress;
  /** The client route of a loopback slot on this proxy. */
  route(bindAddress: string, ipId?: string): EgressRoute;
}

const slotIdOf = (bindAddress: string) => `ip-${bindAddress.replace(/[^0-9a-f]/gi, '-')}`;

/**
 * An in-process egress proxy on a random port for one test file, with the loopback targets allowed and
 * the secret of the environment (EGRESS_SECRET, set by the integration env) or the unit secret.
 */
export function useEgressProxy(options: { readonly allowedHosts?: readonly string[] } = {}): EgressProxyHandle {
  let running: EgressProxy | null = null;
  process.env[EGRESS_ENV.secret] ??= UNIT_EGRESS_SECRET;
  beforeAll(async () => {
    running = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: egressSecret(), allowedHosts: options.allowedHosts ?? LOOPBACK_TARGETS });
  });
  afterAll(async () => {
    await running?.stop();
  });
  const proxy = () => {
    if (!running) throw new Error('the egress proxy starts in beforeAll');
    return running;
  };
  return {
    proxy,
    url: () => proxy().url,
    accountEgress: (bindAddress, ipId = slotIdOf(bindAddress)) => ({
      ip_id: ipId,
      address: bindAddress,
      bind_address: bindAddress,
      proxy_url: proxy().url,
      version: bindAddress.includes(':') ? 'IPv6' : 'IPv4',
      registration: 'register-yourself',
      registration_error: null,
    }),
    route: (bindAddress, ipId = slotIdOf(bindAddress)) => ({
      ipId,
      address: bindAddress,
      bindAddress,
      proxyUrl: proxy().url,
      token: egressToken(egressSecret(), ipId, bindAddress),
    }),
  };
}

/**
 * The address-echo service of the egress check for one test file (127.0.0.1 and [::1]), with
 * EGRESS_ECHO_URL pointed at it while the file runs.
 */
export function useEchoServer(): { url(): string } {
  let running: EchoServer | null = null;
  beforeAll(async () => {
    running = await startEchoServer({ host: '127.0.0.1', port: 0 });
    process.env[EGRESS_ENV.echoUrl] = running.url;
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    url: () => {
      if (!running) throw new Error('the echo server starts in beforeAll');
      return running.url;
    },
  };
}
