import { Agent, request } from 'node:http';
import { connectAccount } from '../../functions/broker/accounts/connect-account';
import { testLoginContext } from '../support/login-context';
import { createTestUser, type TestUser } from '../support/users';
import type { BenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Webhook accept latency (issue 6): TradingView-style JSON bridge signals POSTed to
 * `/users/jsonbridge/webhook/{id}/{key}` at a fixed rate (open loop), each a new signal (its own
 * `signal_id`), on bridges connected to an order group with place-order on — so every request runs
 * the whole accept path: key check, sender checks, rate reservation, parse, conditional put of the
 * signal, FIFO send, `enqueued` mark. The bench platform runs no queue poller, so the worker's load
 * is not in these figures. Bridges share the load to stay under the 100-a-minute limit of each.
 * Target: p99 ≤ 20 ms at 100 req/s.
 */
export interface WebhookAcceptFigures extends LatencySummary {
  readonly ratePerSecond: number;
  readonly errors: number;
  readonly bridges: number;
}

const WARM_UP_SECONDS = 5;
const SIGNALS_PER_BRIDGE_PER_MINUTE = 60;

async function api<T>(platform: BenchPlatform, user: TestUser, path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${platform.url}/api/v4${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { status: boolean; data: T; error?: { message: string } };
  if (!envelope.status) throw new Error(`${path}: ${envelope.error?.message ?? answer.status}`);
  return envelope.data;
}

async function connectedBridges(platform: BenchPlatform, count: number): Promise<string[]> {
  const user = await createTestUser();
  const owner = { frchId: user.user.frch_id, userId: user.user.user_id };
  const { account } = await connectAccount(owner, { broker: 'paper' }, testLoginContext());
  const group = await api<{ og_id: string }>(platform, user, '/ordermanager/addordergroup', { og_name: 'Webhook bench' });
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const bridge = await api<{ json_bridge_id: string; webhook_path: string }>(platform, user, '/users/jsonbridge/addjsonbridge', { json_bridge_name: `Bench ${i}` });
    await api(platform, user, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: group.og_id, target_kind: 'account', target_id: account.broker_id });
    paths.push(bridge.webhook_path);
  }
  return paths;
}

export async function measureWebhookAccept(platform: BenchPlatform, ratePerSecond = 100, seconds = 10): Promise<WebhookAcceptFigures> {
  const bridges = Math.ceil((ratePerSecond * (seconds + WARM_UP_SECONDS)) / SIGNALS_PER_BRIDGE_PER_MINUTE);
  const paths = await connectedBridges(platform, bridges);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let sent = 0;
  const once = () =>
    new Promise<{ ms: number; ok: boolean }>((resolve) => {
      sent += 1;
      const path = paths[sent % paths.length] ?? '';
      const body = JSON.stringify({ signal_id: `bench-${sent}`, type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: 1, transaction_type: 'BUY' });
      const started = performance.now();
      const req = request(new URL(`${platform.url}${path}`), { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - started, ok: res.statusCode === 202 }));
      });
      req.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
      req.end(body);
    });
  const openLoop = async (count: number) => {
    const pending: Promise<{ ms: number; ok: boolean }>[] = [];
    const start = performance.now();
    for (let i = 0; i < count; i += 1) {
      const wait = start + (i * 1000) / ratePerSecond - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(once());
    }
    return Promise.all(pending);
  };
  await openLoop(ratePerSecond * WARM_UP_SECONDS);
  const results = await openLoop(ratePerSecond * seconds);
  agent.destroy();
  return { ...summariseLatency(results.map((r) => r.ms)), ratePerSecond, errors: results.filter((r) => !r.ok).length, bridges };
}
