import '../../infra/local/quiet-sdk';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { groupOrderFanOutSchema } from '../../shared/contracts/groups';
import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../shared/domain/brokers';
import { sharedAgentPool } from '../../functions/broker-adapters/http/keep-alive-agents';
import { KITE_ENDPOINT } from '../../functions/broker-adapters/zerodha/kite-config';
import { setLogSink } from '../../functions/platform/logger';
import { startLocalEngines } from '../../infra/local/engines/local-engines';
import { startGateway } from '../../infra/local/gateway';
import { applyLocalEnvironment } from '../../infra/local/local-environment';
import { createTestUser } from '../support/users';
import { startFanOutKite, zerodhaGroup, zerodhaStrategy } from './kite-children';
import { startSlotEgress } from './slot-egress';
import { maxOrdersPerSecondPerAccount, probePlacements } from './placement-probe';

/**
 * Copy-trading fan-out (issue 5): one group order → 200 child Zerodha accounts on the Kite fake, each
 * Kite call answered after 50 ms. Target: every child placed within 1.0 s, no account above 10
 * orders/s, no duplicate. Runs the real route through the local gateway on DynamoDB Local.
 *
 * The product caps a group at MAX_GROUP_CHILDREN (50) children; the bench writes its 200 children
 * through the repository with a cap of 200 to measure the fan-out beyond that size.
 */
export interface GroupFanOutFigures {
  readonly children: number;
  /** Children whose order the broker accepted (SUBMITTED). */
  readonly placed: number;
  /** From sending the request to its answer, with every child's order placed. */
  readonly placedMs: number;
  /** From sending the request to the first child's broker request leaving (issue 22: the fan-out starts at once). */
  readonly firstSentMs: number;
  /** … to the last child's broker request leaving. */
  readonly lastSentMs: number;
  /** Most orders one account's broker answered within any one second. */
  readonly maxOrdersPerSecondPerAccount: number;
  /** Broker orders beyond one per child, after the request and one retry of it. */
  readonly duplicates: number;
  /** TCP connections the Kite fake accepted during the fan-out. */
  readonly connectionsOpened: number;
  /** Kite calls per child made before the group order answered (the place; before issue 22 also the order-book read). */
  readonly brokerCallsPerChild: number;
  readonly latencyMs: number;
  /** With slots: the distinct addresses the fan-out's orders arrived from at the fake (one per child). */
  readonly sourceAddresses: number;
  /** With slots: a second group order's time, every slot's tunnel already open (null without slots). */
  readonly warmPlacedMs: number | null;
}

export interface GroupFanOutRun {
  readonly children: number;
  readonly latencyMs: number;
  /**
   * Sockets to the Kite host, shared by every account. Absent: the adapter's own setting
   * (KITE_ENDPOINT.maxSockets). Given: the process's agent for the host is created with it first
   * (the pool keeps the first agent per host), as a different KITE_ENDPOINT would.
   */
  readonly maxSockets?: number;
  /**
   * Each child on its own static IP (issue 20): child i is bound to 127.0.0.(2+i) through an in-process
   * egress proxy, so every child's order goes through its own tunnel and arrives from its own address.
   */
  readonly slots?: boolean;
  /** The group is a strategy whose children are its subscribers' own accounts, each in its own user's partition (issue 21). */
  readonly subscribers?: boolean;
}

const DEFAULT_RUN: GroupFanOutRun = { children: 200, latencyMs: 50 };

export async function measureGroupFanOut(run: GroupFanOutRun = DEFAULT_RUN): Promise<GroupFanOutFigures> {
  process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-bench-fanout-'));
  const engines = await startLocalEngines({ tableName: 'bench-fanout', queueVisibilitySeconds: 30 });
  setLogSink(() => undefined);
  applyLocalEnvironment({
    tableName: engines.tableName,
    dynamodbEndpoint: engines.dynamodbEndpoint,
    sqsEndpoint: engines.sqsEndpoint,
    signalQueueUrl: engines.queues.queueUrl,
    jwtSecret: 'bench-fanout-signing-secret-0123456789abcdef',
    logLevel: 'error',
    dataDir,
  });
  const calls: { name: string; t0: number; t1: number }[] = [];
  const { dynamo } = await import('../../functions/platform/clients');
  dynamo().middlewareStack.add((next, context) => async (args) => {
    const t0 = performance.now();
    const result = await next(args);
    calls.push({ name: String((context as { commandName?: string }).commandName), t0, t1: performance.now() });
    return result;
  }, { step: 'initialize', name: 'probeTiming' });
  const kite = await startFanOutKite();
  const egress = run.slots ? await startSlotEgress() : null;
  const gateway = await startGateway({ host: '127.0.0.1', port: 0, web: null, files: null, runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'bench' }) });
  const probe = probePlacements();
  try {
    const who = await createTestUser();
    const owner = { frchId: who.user.frch_id, userId: who.user.user_id };
    const warmUp = await zerodhaGroup(owner, 'Warm-up', 1);
    const group = run.subscribers ? await zerodhaStrategy(owner, 'Strategy fan-out bench', run.children) : await zerodhaGroup(owner, 'Fan-out bench', run.children, egress?.bindChild);
    // Every Kite call the fan-out makes is answered after the latency (the place, then the order-book read).
    for (let call = 0; call < run.children * 2; call += 1) {
      kite.inject('place', { kind: 'latency', ms: run.latencyMs });
      kite.inject('orders', { kind: 'latency', ms: run.latencyMs });
    }
    const ticket = { script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'LIMIT', product: 'DELIVERY', quantity: 1, price: 800 };
    const placeOn = async (groupId: string, key: string) => {
      const response = await fetch(`${gateway.url}/api/v4/users/broker/group/placeorder`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...ticket, group_id: groupId, idempotency_key: key }),
      });
      if (response.status !== 200) throw new Error(`placeorder answered ${response.status}: ${await response.text()}`);
      return groupOrderFanOutSchema.parse(((await response.json()) as { data: unknown }).data);
    };
    // A cold container's first order loads the handler, the instrument master and a broker connection: not the fan-out's cost.
    await placeOn(warmUp.grp_id, `warmup-${randomUUID()}`);
    const key = `fanout-${randomUUID()}`;
    const send = () => placeOn(group.grp_id, key);

    if (run.maxSockets !== undefined) {
      sharedAgentPool.destroyAll();
      sharedAgentPool.agentFor(new URL(kite.url), { maxSockets: run.maxSockets, idleSocketMs: KITE_ENDPOINT.idleSocketMs });
    }
    const connectionsBefore = kite.server.connectionsOpened();
    const placementsBefore = probe.placements.length;
    const callsBefore = kite.server.calls.length;
    const started = performance.now();
    const callsAt = calls.length;
    const answer = await send();
    const placedMs = performance.now() - started;
    const firstSent = Math.min(...probe.placements.slice(placementsBefore).map((p) => p.sentAt));
    for (const c of calls.slice(callsAt)) if (c.t0 < firstSent + 5) console.log(c.name.padEnd(28), (c.t0 - started).toFixed(1), '→', (c.t1 - started).toFixed(1));
    console.log('first sent', (firstSent - started).toFixed(1), 'placed', placedMs.toFixed(0));
    const brokerCallsPerChild = (kite.server.calls.length - callsBefore) / run.children;
    const sentTimes = probe.placements.slice(placementsBefore).map((placement) => placement.sentAt - started);
    const connectionsOpened = kite.server.connectionsOpened() - connectionsBefore;

    // With slots, a second group order finds every slot's tunnel open (kept alive), as in a trading day.
    let warmPlacedMs: number | null = null;
    if (run.slots) {
      for (let call = 0; call < run.children * 2; call += 1) {
        kite.inject('place', { kind: 'latency', ms: run.latencyMs });
        kite.inject('orders', { kind: 'latency', ms: run.latencyMs });
      }
      const warmStarted = performance.now();
      const warm = await placeOn(group.grp_id, `fanout-warm-${randomUUID()}`);
      warmPlacedMs = Math.round(performance.now() - warmStarted);
      if (warm.targets.some((target) => target.order?.submission !== 'SUBMITTED')) throw new Error('the second fan-out did not place every child');
    }
    const retried = await send();
    if (!retried.replayed || retried.group_order_id !== answer.group_order_id) throw new Error('the retry was not answered with the first group order');
    const fanOutTags = new Set(answer.targets.map((target) => target.order?.tag));
    const tags = kite.orders().flatMap((order) => (fanOutTags.has(order.tag ?? undefined) ? [order.tag] : []));
    const duplicates = tags.length - new Set(tags).size;
    const sourceAddresses = new Set(
      kite.server.calls.flatMap((call) => {
        if (call.route !== 'place') return [];
        const tag = new URLSearchParams(call.request.body).get('tag');
        return tag && fanOutTags.has(tag) ? [call.remoteAddress] : [];
      }),
    ).size;
    return {
      children: run.children,
      placed: answer.targets.filter((target) => target.order?.submission === 'SUBMITTED').length,
      placedMs: Math.round(placedMs),
      firstSentMs: Math.round(Math.min(...sentTimes)),
      lastSentMs: Math.round(Math.max(...sentTimes)),
      maxOrdersPerSecondPerAccount: maxOrdersPerSecondPerAccount(probe.placements),
      duplicates,
      connectionsOpened,
      brokerCallsPerChild,
      latencyMs: run.latencyMs,
      sourceAddresses,
      warmPlacedMs,
    };
  } finally {
    probe.restore();
    await egress?.stop();
    await gateway.stop();
    await kite.stop();
    await engines.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const figures = await measureGroupFanOut();
  console.log(`Group fan-out: 1 group order → ${figures.children} Zerodha children on the Kite fake at ${figures.latencyMs} ms per call, ${KITE_ENDPOINT.maxSockets} sockets to the host`);
  console.table([
    {
      placed: figures.placed,
      'placed ms (target ≤ 1000)': figures.placedMs,
      [`max orders/s per account (≤ ${MAX_ORDERS_PER_SECOND_PER_ACCOUNT})`]: figures.maxOrdersPerSecondPerAccount,
      duplicates: figures.duplicates,
      'connections opened': figures.connectionsOpened,
    },
  ]);
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
