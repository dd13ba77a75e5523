import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrokerHttpClient } from '../../functions/broker-adapters/http/broker-http-client';
import { EgressUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { transportError } from '../../functions/broker-adapters/http/call-failures';
import { egressAllowList, parseConnectTarget } from '../../functions/platform/egress/egress-allow-list';
import { EGRESS_BIND_HEADER, egressToken, proxyAuthorization, verifyEgressToken } from '../../functions/platform/egress/egress-credentials';
import { startEgressProxy, type EgressProxy } from '../../functions/platform/egress/egress-proxy-server';
import { EgressTunnelError, type EgressRoute } from '../../functions/platform/egress/egress-route';
import { createEgressAgent, openEgressTunnel } from '../../functions/platform/egress/egress-tunnel';
import { checkEgressFrom } from '../../functions/platform/egress/egress-check';
import { egressSecret } from '../../functions/platform/config';
import { LOOPBACK_TARGETS, UNIT_EGRESS_SECRET, useEchoServer, useEgressProxy } from '../support/egress-proxy';

/**
 * The egress proxy (issue 20): per-slot credentials, the allow-list, the upstream socket bound to the
 * slot's address, TLS passed through untouched, and a client that fails fast with the slot named.
 */
const egress = useEgressProxy();
const echoService = useEchoServer();
const FIXTURES = join(import.meta.dirname, 'fixtures', 'egress');
const TLS = { cert: readFileSync(join(FIXTURES, 'tls-passthrough.cert.pem')), key: readFileSync(join(FIXTURES, 'tls-passthrough.key.pem')) };

const callerOf = (request: IncomingMessage) => (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
let echo: Server;
let echoUrl = '';
let tlsEcho: Server;
let tlsPort = 0;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  echo = createServer((request, response) => response.end(callerOf(request)));
  echoUrl = `http://127.0.0.1:${await listen(echo)}/`;
  tlsEcho = createHttpsServer(TLS, (request, response) => response.end(`tls:${callerOf(request)}`));
  tlsPort = await listen(tlsEcho);
});

afterAll(async () => {
  for (const server of [echo, tlsEcho]) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

function get(url: string, route: EgressRoute, extra: { ca?: Buffer } = {}): Promise<string> {
  const target = new URL(url);
  const agent = createEgressAgent(target, route, { keepAlive: false });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<string>((resolve, reject) => {
    const request = send(target, { agent, ...extra }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    request.on('error', reject);
    request.end();
  }).finally(() => agent.destroy());
}

/** A raw CONNECT with the given headers: the proxy's status and reason. */
function rawConnect(proxyUrl: string, target: string, headers: Record<string, string>): Promise<{ status: number; reason: string }> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: target, headers: { host: target, ...headers } });
    request.once('connect', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, reason: String(response.headers['x-egress-reason'] ?? '') });
    });
    request.once('error', reject);
    request.end();
  });
}

describe('egress credentials', () => {
  it('accepts only the token of the same slot and address', () => {
    const token = egressToken(UNIT_EGRESS_SECRET, 'ip-1', '127.0.0.2');
    expect(verifyEgressToken(UNIT_EGRESS_SECRET, 'ip-1', '127.0.0.2', token)).toBe(true);
    expect(verifyEgressToken(UNIT_EGRESS_SECRET, 'ip-1', '127.0.0.3', token)).toBe(false);
    expect(verifyEgressToken(UNIT_EGRESS_SECRET, 'ip-2', '127.0.0.2', token)).toBe(false);
    expect(verifyEgressToken('another-secret-0123456789abcdef0123', 'ip-1', '127.0.0.2', token)).toBe(false);
    expect(verifyEgressToken(UNIT_EGRESS_SECRET, 'ip-1', '127.0.0.2', `${token}x`)).toBe(false);
  });
});

describe('egress allow-list', () => {
  it('allows exact hosts and *.suffix on 443 only, and listed host:port or host:* entries', () => {
    const list = egressAllowList(['api.kite.trade', '*.upstox.com', '127.0.0.1:*', '[::1]:*', 'fake.local:8443']);
    const allows = (authority: string) => {
      const target = parseConnectTarget(authority);
      return target !== null && list.allows(target);
    };
    expect(['api.kite.trade:443', 'API.KITE.TRADE:443', 'api-hft.upstox.com:443', '127.0.0.1:8123', '[::1]:8123', 'fake.local:8443'].filter(allows)).toHaveLength(6);
    expect(['api.kite.trade:80', 'upstox.com:443', 'evil-upstox.com:443', 'kite.trade:443', '127.0.0.2:80', 'fake.local:443', 'example.org:443', 'nonsense', '[::1]'].some(allows)).toBe(false);
  });
});

describe('egress proxy', () => {
  it('tunnels from the slot address: the upstream sees 127.0.0.2 and 127.0.0.3, and /health counts tunnels', async () => {
    expect(await get(echoUrl, egress.route('127.0.0.2'))).toBe('127.0.0.2');
    expect(await get(echoUrl, egress.route('127.0.0.3'))).toBe('127.0.0.3');
    const health = await fetch(`${egress.url()}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, tunnels: expect.any(Number) });
    expect(egress.proxy().stats().total).toBeGreaterThanOrEqual(2);
  });

  it('passes TLS through untouched: the client verifies the upstream certificate end to end', async () => {
    expect(await get(`https://127.0.0.1:${tlsPort}/`, egress.route('127.0.0.4'), { ca: TLS.cert })).toBe('tls:127.0.0.4');
  });

  it('answers 407 without credentials, with a token for another address, or without the bind header', async () => {
    const target = new URL(echoUrl).host;
    const token = egressToken(egressSecret(), 'ip-a', '127.0.0.2');
    expect((await rawConnect(egress.url(), target, {})).status).toBe(407);
    expect((await rawConnect(egress.url(), target, { 'proxy-authorization': proxyAuthorization('ip-a', token), [EGRESS_BIND_HEADER]: '127.0.0.3' })).status).toBe(407);
    expect((await rawConnect(egress.url(), target, { 'proxy-authorization': proxyAuthorization('ip-a', token) })).status).toBe(407);
    const refused = await openEgressTunnel({ ...egress.route('127.0.0.2'), token: 'forged' }, '127.0.0.1', new URL(echoUrl).port).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EgressTunnelError);
    expect(refused).toMatchObject({ code: 'EGRESS_407', retryable: false });
  });

  it('answers 403 for a host outside the allow-list, however valid the credentials', async () => {
    const route = egress.route('127.0.0.2');
    const refused = await openEgressTunnel(route, 'example.org', 443).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'EGRESS_403', retryable: false });
    expect(String((refused as Error).message)).toContain('host-not-allowed');
  });

  it('answers 502 EADDRNOTAVAIL when this host does not hold the slot address', async () => {
    const refused = await openEgressTunnel(egress.route('192.0.2.10'), '127.0.0.1', new URL(echoUrl).port).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'EGRESS_502' });
    expect(String((refused as Error).message)).toContain('upstream-EADDRNOTAVAIL');
  });

  it('closes a tunnel that stays idle past its timeout', async () => {
    const brief = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: egressSecret(), allowedHosts: LOOPBACK_TARGETS, idleTimeoutMs: 100 });
    try {
      const socket = await openEgressTunnel({ ...egress.route('127.0.0.2'), proxyUrl: brief.url }, '127.0.0.1', new URL(echoUrl).port);
      expect(brief.stats()).toMatchObject({ open: 1, total: 1 });
      await new Promise((resolve) => socket.once('close', resolve));
      expect(brief.stats()).toMatchObject({ open: 0, total: 1 });
    } finally {
      await brief.stop();
    }
  });

  it('never writes a token or the proxy authorization into its log', async () => {
    const lines: string[] = [];
    const record = (message: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ message, ...fields }));
    const logged: EgressProxy = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: egressSecret(), allowedHosts: LOOPBACK_TARGETS, log: { info: record, warn: record } });
    try {
      const good = { ...egress.route('127.0.0.2'), proxyUrl: logged.url };
      const forged = { ...good, token: 'forged-token-value' };
      await get(echoUrl, good);
      await openEgressTunnel(forged, '127.0.0.1', new URL(echoUrl).port).catch(() => undefined);
      await openEgressTunnel(good, 'example.org', 443).catch(() => undefined);
      expect(lines.length).toBeGreaterThanOrEqual(3);
      const text = lines.join('\n');
      for (const secret of [good.token, forged.token, proxyAuthorization(good.ipId, good.token).slice('Basic '.length)]) expect(text).not.toContain(secret);
      expect(logged.stats()).toMatchObject({ total: 1, refused: 2 });
    } finally {
      await logged.stop();
    }
  });
});

describe('egress check', () => {
  it('answers the address the echo service saw, for an IPv4 and the IPv6 loopback slot', async () => {
    expect(await checkEgressFrom(egress.route('127.0.0.11'))).toMatchObject({ addressSeen: '127.0.0.11', elapsedMs: expect.any(Number) });
    expect((await checkEgressFrom(egress.route('::1'), echoService.url())).addressSeen).toBe('::1');
  });

  it('rejects with the tunnel error when the proxy refuses', async () => {
    await expect(checkEgressFrom({ ...egress.route('127.0.0.12'), token: 'forged' })).rejects.toMatchObject({ code: 'EGRESS_407' });
  });
});

describe('broker client through the egress', () => {
  const endpoint = (route: EgressRoute) => ({ baseUrl: echoUrl, timeoutMs: 5_000, maxSockets: 4, idleSocketMs: 5_000, egress: route });

  it('sends writes through the slot and reads direct', async () => {
    const client = new BrokerHttpClient(endpoint(egress.route('127.0.0.5')));
    const write = await client.send({ method: 'POST', path: '/orders', headers: {}, body: 'x', mode: 'write' });
    const read = await client.send({ method: 'GET', path: '/orders', headers: {}, mode: 'read' });
    expect(write.text).toBe('127.0.0.5');
    expect(read.text).toBe('127.0.0.1');
  });

  it('sends every call through the slot with scope all (logins)', async () => {
    const client = new BrokerHttpClient({ ...endpoint(egress.route('127.0.0.6')), egressScope: 'all' });
    expect((await client.send({ method: 'GET', path: '/profile', headers: {}, mode: 'read' })).text).toBe('127.0.0.6');
  });

  it('fails fast with the slot named when the proxy is down, and never goes direct', async () => {
    const down = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: egressSecret(), allowedHosts: LOOPBACK_TARGETS });
    await down.stop();
    const client = new BrokerHttpClient(endpoint({ ...egress.route('127.0.0.7'), address: '203.0.113.7', proxyUrl: down.url }));
    const started = performance.now();
    const failure = await client.send({ method: 'POST', path: '/orders', headers: {}, body: 'x', mode: 'write' }).catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(1_000);
    const typed = transportError('zerodha', 'write', failure);
    expect(typed).toBeInstanceOf(EgressUnavailableError);
    expect(typed).toMatchObject({ kind: 'unavailable' });
    expect((typed as Error).message).toBe(
      'This account sends its orders from static IP 203.0.113.7, and the egress proxy could not be reached (ECONNREFUSED). Nothing was sent to the broker.',
    );
  });

  it('gives up on a proxy that never answers within the connect bound, without retrying', async () => {
    const held: Duplex[] = [];
    const silent = createServer();
    silent.on('connect', (_request, socket: Duplex) => held.push(socket));
    const port = await listen(silent);
    try {
      const client = new BrokerHttpClient(endpoint({ ...egress.route('127.0.0.8'), proxyUrl: `http://127.0.0.1:${port}` }));
      const started = performance.now();
      const failure = await client.send({ method: 'POST', path: '/orders', headers: {}, body: 'x', mode: 'write' }).catch((error: unknown) => error);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1_900);
      expect(elapsed).toBeLessThan(3_000);
      expect((transportError('zerodha', 'write', failure) as Error).message).toContain('did not open the connection within 2000 ms');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  }, 10_000);
});
