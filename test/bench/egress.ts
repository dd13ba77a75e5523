import '../../infra/local/quiet-sdk';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Agent } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OrderRequest } from '../../functions/broker-adapters/broker-adapter';
import { sharedEgressAgentPool } from '../../functions/broker-adapters/http/egress-agents';
import { KeepAliveAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { LimiterRegistry } from '../../functions/broker-adapters/http/limiter-registry';
import { perSecond } from '../../functions/broker-adapters/http/rate-window';
import { KiteAdapter } from '../../functions/broker-adapters/zerodha/kite-adapter';
import type { KiteRateClass } from '../../functions/broker-adapters/zerodha/kite-config';
import { nowMs } from '../../functions/platform/clock';
import { EGRESS_ENV } from '../../functions/platform/config';
import { egressToken } from '../../functions/platform/egress/egress-credentials';
import { startEgressProxy } from '../../functions/platform/egress/egress-proxy-server';
import type { EgressRoute } from '../../functions/platform/egress/egress-route';
import { createEgressAgent } from '../../functions/platform/egress/egress-tunnel';
import { freePort } from '../../infra/local/engines/free-port';
import { REPO_ROOT } from '../../infra/local/spa-build';
import { startKiteFake } from '../fakes/kite-fake';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Static-IP egress (issue 20): what the proxy adds to an order, and how much it carries.
 * - Order through the proxy vs direct: the Zerodha adapter places orders on the Kite fake, every place
 *   answered after 50 ms (a Mumbai round trip and the broker's work), alternating a direct account and
 *   one on a slot (127.0.0.2), so drift hits both alike. Added = proxied − direct, at p50 and p99.
 * - Proxy throughput on one core: the proxy runs as its own process (as on an EC2 host), 50 slots with
 *   a kept-alive tunnel each send small requests to a local server for 3 s; and tunnel set-up rate
 *   (CONNECT + upstream connect + one request, no reuse).
 */
const SECRET = 'bench-egress-secret-0123456789abcdef0123456789';
const API_KEY = 'kiteegressbench';
const FAST_PLAN: Record<KiteRateClass, ReturnType<typeof perSecond>[]> = {
  order: [perSecond(100_000)],
  read: [perSecond(100_000)],
  quote: [perSecond(100_000)],
};

export interface EgressFigures {
  readonly direct: LatencySummary;
  readonly proxied: LatencySummary;
  readonly addedP50Ms: number;
  readonly addedP99Ms: number;
  readonly rttMs: number;
  /** Kept-alive requests through the proxy per second (50 slots). */
  readonly requestsPerSecond: number;
  /** New tunnels (CONNECT, upstream connect, one request) per second. */
  readonly tunnelsPerSecond: number;
  readonly proxyErrors: number;
}

const order = (index: number): OrderRequest => ({
  instrument: {
    script_id: 'NSE:INFY',
    exchange: 'NSE',
    trading_symbol: 'INFY',
    name: 'INFOSYS',
    instrument_type: 'EQ',
    expiry: null,
    strike: null,
    lot_size: 1,
    tick_size: 0.05,
    broker_tokens: { kite: '408065' },
  },
  action: 'BUY',
  orderType: 'MARKET',
  product: 'INTRADAY',
  quantity: 1,
  price: null,
  triggerPrice: null,
  tag: `EG${String(index).padStart(14, '0')}`,
});

const routeFor = (proxyUrl: string, slot: number): EgressRoute => {
  const bindAddress = `127.0.0.${slot}`;
  const ipId = `BENCHSLOT${String(slot).padStart(17, '0')}`;
  return { ipId, address: bindAddress, bindAddress, proxyUrl, token: egressToken(SECRET, ipId, bindAddress) };
};

async function measureOrderOverhead(samples: number, rttMs: number): Promise<Pick<EgressFigures, 'direct' | 'proxied' | 'addedP50Ms' | 'addedP99Ms' | 'rttMs'>> {
  const fake = await startKiteFake({
    apiKey: API_KEY,
    apiSecret: 'kiteegressbenchsecret0123456789',
    accessToken: 'egressbenchtoken',
    instruments: [{ exchange: 'NSE', tradingsymbol: 'INFY', instrumentToken: 408065, lastPrice: 1500 }],
    availableCash: 1_000_000_000,
  });
  const proxy = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: SECRET, allowedHosts: ['127.0.0.1:*'] });
  const session = { apiKey: API_KEY, accessToken: 'egressbenchtoken', userId: 'EG0001', validUntil: nowMs() + 3_600_000 };
  const agents = new KeepAliveAgentPool();
  const common = { session, endpoint: { baseUrl: fake.url, timeoutMs: 5_000 }, ratePlan: FAST_PLAN, limiters: new LimiterRegistry(), agents };
  const direct = new KiteAdapter({ ...common, accountKey: 'direct' });
  const proxied = new KiteAdapter({ ...common, accountKey: 'proxied', egress: routeFor(proxy.url, 2) });
  const timings = { direct: [] as number[], proxied: [] as number[] };
  try {
    const place = async (adapter: KiteAdapter, index: number, into: number[] | null) => {
      fake.inject('place', { kind: 'latency', ms: rttMs });
      const started = performance.now();
      const outcome = await adapter.placeOrder(order(index));
      if (outcome.kind !== 'accepted') throw new Error(`order ${index} not accepted: ${JSON.stringify(outcome)}`);
      into?.push(performance.now() - started);
    };
    // Warm both paths: the first order opens the connection (and, through the proxy, the tunnel).
    for (let index = 0; index < 5; index += 1) {
      await place(direct, index, null);
      await place(proxied, 100 + index, null);
    }
    for (let index = 0; index < samples; index += 1) {
      await place(direct, 1_000 + index, timings.direct);
      await place(proxied, 100_000 + index, timings.proxied);
    }
    const seenFrom = new Set(fake.server.calls.filter((call) => call.route === 'place').map((call) => call.remoteAddress));
    if (!seenFrom.has('127.0.0.2')) throw new Error(`no proxied order arrived from 127.0.0.2 (seen: ${[...seenFrom].join(', ')})`);
  } finally {
    agents.destroyAll();
    sharedEgressAgentPool.destroyAll();
    await proxy.stop();
    await fake.stop();
  }
  const directSummary = summariseLatency(timings.direct);
  const proxiedSummary = summariseLatency(timings.proxied);
  return {
    direct: directSummary,
    proxied: proxiedSummary,
    addedP50Ms: proxiedSummary.p50Ms - directSummary.p50Ms,
    addedP99Ms: proxiedSummary.p99Ms - directSummary.p99Ms,
    rttMs,
  };
}

/** The proxy as its own process, the way an EC2 host runs it; answers its URL once it listens. */
async function startProxyProcess(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'functions/platform/egress/egress-proxy-main.ts')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), [EGRESS_ENV.secret]: SECRET, EGRESS_ALLOWED_HOSTS: '127.0.0.1:*', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ready = await fetch(`${url}/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the egress proxy process did not start');
}

function get(agent: Agent, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: '/', agent }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => (incoming.statusCode === 200 ? resolve() : reject(new Error(`status ${incoming.statusCode}`))));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function measureThroughput(): Promise<Pick<EgressFigures, 'requestsPerSecond' | 'tunnelsPerSecond' | 'proxyErrors'>> {
  const target = createServer((_request, response) => response.end('{"status":"success"}'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const port = (target.address() as { port: number }).port;
  const proxy = await startProxyProcess();
  let errors = 0;
  try {
    const origin = new URL(`http://127.0.0.1:${port}`);
    const agents = Array.from({ length: 50 }, (_, index) => createEgressAgent(origin, routeFor(proxy.url, 2 + index), { keepAlive: true, maxSockets: 1 }));
    const run = async (ms: number, send: (worker: number) => Promise<void>, workers: number) => {
      let done = 0;
      const until = performance.now() + ms;
      await Promise.all(
        Array.from({ length: workers }, async (_, worker) => {
          while (performance.now() < until) {
            await send(worker).then(
              () => (done += 1),
              () => (errors += 1),
            );
          }
        }),
      );
      return Math.round(done / (ms / 1000));
    };
    await run(500, (worker) => get(agents[worker] as Agent, port), agents.length);
    const requestsPerSecond = await run(3_000, (worker) => get(agents[worker] as Agent, port), agents.length);
    for (const agent of agents) agent.destroy();
    const tunnelsPerSecond = await run(
      3_000,
      async (worker) => {
        const fresh = createEgressAgent(origin, routeFor(proxy.url, 2 + (worker % 50)), { keepAlive: false });
        try {
          await get(fresh, port);
        } finally {
          fresh.destroy();
        }
      },
      20,
    );
    return { requestsPerSecond, tunnelsPerSecond, proxyErrors: errors };
  } finally {
    proxy.child.kill('SIGTERM');
    await new Promise<void>((resolve) => target.close(() => resolve()));
  }
}

export async function measureEgress(samples = 200, rttMs = 50): Promise<EgressFigures> {
  return { ...(await measureOrderOverhead(samples, rttMs)), ...(await measureThroughput()) };
}

async function main(): Promise<void> {
  const figures = await measureEgress();
  console.log(JSON.stringify(figures, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
