import '../../infra/local/quiet-sdk';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ulid } from 'ulid';
import { groupOrderFanOutSchema } from '../../shared/contracts/groups';
import { MAX_ORDERS_PER_SECOND_PER_ACCOUNT } from '../../shared/domain/brokers';
import type { BrokerAdapter } from '../../functions/brokers/broker-adapter';
import { sharedAgentPool } from '../../functions/brokers/http/keep-alive-agents';
import { KITE_ENDPOINT } from '../../functions/brokers/zerodha/kite-config';
import { connectAccount } from '../../functions/broker/accounts/connect-account';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker/sessions/broker-endpoints';
import { storeSession } from '../../functions/broker/sessions/store-session';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { addGroupChild } from '../../functions/data/groups-repository';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { createLogger, setLogSink } from '../../functions/platform/logger';
import { startLocalEngines } from '../../infra/local/engines/local-engines';
import { startGateway } from '../../infra/local/gateway';
import { applyLocalEnvironment } from '../../infra/local/local-environment';
import { startKiteFake } from '../fakes/kite-fake';
import { testLoginContext } from '../support/login-context';
import { createTestUser } from '../support/users';

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
  /** Most orders one account's broker answered within any one second. */
  readonly maxOrdersPerSecondPerAccount: number;
  /** Broker orders beyond one per child, after the request and one retry of it. */
  readonly duplicates: number;
  /** TCP connections the Kite fake accepted during the fan-out. */
  readonly connectionsOpened: number;
  readonly latencyMs: number;
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
}

const DEFAULT_RUN: GroupFanOutRun = { children: 200, latencyMs: 50 };
const KITE_APP = { api_key: 'kitefanoutkey1234', api_secret: 'kiteFanOutSecret0123456789abcdef' };
const ACCESS_TOKEN = 'kitefanoutaccesstoken';
const SESSION_MS = 6 * 3_600_000;

/** Most entries of one list of instants (ms) within any window of one second. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= 1_000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Records, per account, when each placeOrder got the broker's answer (the seam tests use for doubles). */
function recordPlacements(): { readonly answeredAt: Map<string, number[]>; restore(): void } {
  const answeredAt = new Map<string, number[]>();
  const restore = configureOrderPath({
    wrapAdapter: (adapter, account): BrokerAdapter => ({
      ...adapter,
      orderBook: () => adapter.orderBook(),
      positions: () => adapter.positions(),
      funds: () => adapter.funds(),
      ltp: (instruments) => adapter.ltp(instruments),
      modifyOrder: (change) => adapter.modifyOrder(change),
      cancelOrder: (id) => adapter.cancelOrder(id),
      placeOrder: async (request) => {
        const outcome = await adapter.placeOrder(request);
        answeredAt.set(account.broker_id, [...(answeredAt.get(account.broker_id) ?? []), performance.now()]);
        return outcome;
      },
    }),
  });
  return { answeredAt, restore };
}

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
  const kite = await startKiteFake({
    apiKey: KITE_APP.api_key,
    apiSecret: KITE_APP.api_secret,
    accessToken: ACCESS_TOKEN,
    instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 }],
    availableCash: 100_000_000,
  });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
  const gateway = await startGateway({ host: '127.0.0.1', port: 0, web: null, files: null, runtimeConfig: () => ({ apiBaseUrl: '/api/v4', realtimeUrl: '', captchaSiteKey: '', tenant: 'bench' }) });
  const recorder = recordPlacements();
  try {
    const who = await createTestUser();
    const owner = { frchId: who.user.frch_id, userId: who.user.user_id };
    const log = createLogger();
    // Accounts share the fake's one session (the fake holds one access token, as one Kite app user would).
    const tradingAccount = async (index: number) => {
      const { account } = await connectAccount(owner, { broker: 'zerodha', credentials: KITE_APP }, testLoginContext(log));
      const connected = await storeSession(owner, account, { tokens: { access_token: ACCESS_TOKEN }, validUntil: Date.now() + SESSION_MS, brokerUserId: `AB${index}` }, log);
      await updateBrokerAccount(owner, connected.broker_id, { set: { trading_enabled: true } }, { statuses: ['connected'], version: connected.v });
      return connected.broker_id;
    };
    const groupOf = async (name: string, children: number) => {
      const group = await addGroup(owner, { grp_name: name, trading_enabled: true, place_rejected: false });
      for (let index = 0; index < children; index += 1) {
        const child = { grp_broker_id: ulid(), grp_id: group.grp_id, broker_id: await tradingAccount(index), broker: 'zerodha' as const, multiplier: 1, trading_enabled: true };
        if (!(await addGroupChild(owner, child, children))) throw new Error('child not added');
      }
      return group;
    };
    const warmUp = await groupOf('Warm-up', 1);
    const group = await groupOf('Fan-out bench', run.children);
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
    const started = performance.now();
    const answer = await send();
    const placedMs = performance.now() - started;
    const connectionsOpened = kite.server.connectionsOpened() - connectionsBefore;

    const retried = await send();
    if (!retried.replayed || retried.group_order_id !== answer.group_order_id) throw new Error('the retry was not answered with the first group order');
    const fanOutTags = new Set(answer.targets.map((target) => target.order?.tag));
    const tags = kite.orders().flatMap((order) => (fanOutTags.has(order.tag ?? undefined) ? [order.tag] : []));
    const duplicates = tags.length - new Set(tags).size;
    return {
      children: run.children,
      placed: answer.targets.filter((target) => target.order?.submission === 'SUBMITTED').length,
      placedMs: Math.round(placedMs),
      maxOrdersPerSecondPerAccount: Math.max(0, ...[...recorder.answeredAt.values()].map(busiestSecond)),
      duplicates,
      connectionsOpened,
      latencyMs: run.latencyMs,
    };
  } finally {
    recorder.restore();
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
