import { randomUUID } from 'node:crypto';
import { now } from '../../functions/platform/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { tradingDay } from '../../shared/domain/market-clock';
import type { BrokerAdapter, OrderRequest, PlaceOutcome } from '../../functions/broker-adapters/broker-adapter';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { setTradingFlag } from '../../functions/broker-accounts/accounts/account-settings';
import { listAccountOrdersOfDay } from '../../functions/data/orders/order-listing';
import { getSignal } from '../../functions/data/signals-repository';
import { addChild } from '../../functions/groups/use-cases/group-children';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { addJsonBridge, connectToOrderGroup } from '../../functions/jsonbridge/json-bridges';
import { addOrderGroup } from '../../functions/ordermanager/order-groups';
import { dynamo } from '../../functions/platform/clients';
import { createLogger } from '../../functions/platform/logger';
import { runSignal, type RunSignalHooks } from '../../functions/signals/execution/run-signal';
import { acceptWebhookSignal } from '../../functions/signals/intake/accept-webhook-signal';
import { jsonBridgePlanner } from '../../functions/signals/json-bridge/json-bridge-planner';
import { replaySignal } from '../../functions/signals/log/replay-signal';
import type { SignalPayload } from '../../functions/signals/queue/signal-message';
import { testLoginContext } from '../support/login-context';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { seeded } from '../support/seeded-random';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Exactly once (issue 6, reliability.md): over generated fault plans — duplicate webhooks, SQS
 * redeliveries, a worker crash after the broker call — after the position settled, or before even the
 * broker's acceptance was recorded — (on an ordinary or on the last delivery, which marks the signal
 * failed and is then replayed), a broker that records the order but times out — every
 * (signal, account) gets exactly one order at the broker and one order record, and the signal ends
 * with a final status. The runs go through the real intake, planner, runner, order manager and order
 * path against the local engines; only the queue's delivery is played by the test (a delivery is a
 * `runSignal` call with its receive count), as 200 full webhook → queue round trips would take minutes.
 */
const RUNS = 200;
const LANES = 8;
const SEED = 0x5eed_0006;


/** Per account: how many orders reached the paper broker, and whether its next placement times out after recording. */
const brokerPlacements = new Map<string, number>();
const timeoutOnce = new Set<string>();
/** Accounts whose worker dies once the broker accepted their order (armed), and those dead now: every table write naming them fails. */
const dieAfterPlacing = new Set<string>();
const dead = new Set<string>();

/**
 * The worker dying between the broker's answer and the order's record (process killed, Lambda timeout):
 * from then on, every write that names the account fails as DynamoDB's InternalServerError would, until
 * the delivery ends. A local engine cannot fail on cue, so the document client's middleware does.
 */
function killWritesOfDeadAccounts(): void {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const writes = !String(context.commandName).startsWith('Get') && !String(context.commandName).startsWith('Query') && !String(context.commandName).startsWith('BatchGet');
      if (writes && dead.size > 0) {
        const input = JSON.stringify(args.input);
        if ([...dead].some((account) => input.includes(account))) throw Object.assign(new Error('the worker died after the broker call'), { name: 'InternalServerError' });
      }
      return next(args);
    },
    { step: 'initialize', name: 'killWritesOfDeadAccounts' },
  );
}

function timeout(): Error {
  const error = new Error('Request to the broker timed out after 5000 ms');
  error.name = 'TimeoutError';
  return error;
}

function countingDouble(inner: BrokerAdapter, accountId: string): BrokerAdapter {
  return {
    ...inner,
    placeOrder: async (order: OrderRequest): Promise<PlaceOutcome> => {
      brokerPlacements.set(accountId, (brokerPlacements.get(accountId) ?? 0) + 1);
      const outcome = await inner.placeOrder(order);
      if (dieAfterPlacing.delete(accountId)) dead.add(accountId);
      if (timeoutOnce.delete(accountId)) throw timeout();
      return outcome;
    },
  };
}

useOwnSignalQueue('signal-exactly-once', { paperAlwaysOpen: true, recheckPauseMs: 5, wrapAdapter: (adapter, account) => countingDouble(adapter, account.broker_id) });
beforeAll(() => killWritesOfDeadAccounts());

interface FaultPlan {
  readonly index: number;
  readonly target: 'account' | 'group';
  readonly duplicates: number;
  readonly redeliveries: number;
  /** The first delivery dies after its entry order answered. */
  readonly crashAfterBroker: boolean;
  /** …earlier: once the broker accepted, before the acceptance is recorded (the position's claim is all that says an order left). */
  readonly crashBeforeRecording: boolean;
  /** …and it was the queue's last delivery: the signal is marked failed, then replayed. */
  readonly crashOnLastDelivery: boolean;
  readonly brokerTimesOutOnce: boolean;
}

function planOf(index: number, random: () => number): FaultPlan {
  const int = (max: number) => Math.floor(random() * (max + 1));
  const crashAfterBroker = random() < 0.5;
  return {
    index,
    target: random() < 0.25 ? 'group' : 'account',
    duplicates: int(3),
    redeliveries: int(5),
    crashAfterBroker,
    crashBeforeRecording: crashAfterBroker && random() < 0.5,
    crashOnLastDelivery: crashAfterBroker && random() < 0.5,
    brokerTimesOutOnce: random() < 0.3,
  };
}

const log = createLogger({ test: 'signal-exactly-once' }, 'error');
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function tradingAccount(who: TestUser): Promise<string> {
  const { account } = await connectAccount(ownerOf(who), { broker: 'paper' }, testLoginContext());
  await setTradingFlag(ownerOf(who), account.broker_id, true);
  return account.broker_id;
}

/** A fresh bridge, order group and accounts for one plan: its accounts' counts are its own. */
async function arrange(who: TestUser, plan: FaultPlan): Promise<{ bridgeId: string; accounts: string[] }> {
  const owner = ownerOf(who);
  const { group } = await addOrderGroup(owner, { og_name: `Plan ${plan.index}`, og_place_order: true, group_tgt: null, group_sl: null, start_time: null, end_time: null });
  const { bridge } = await addJsonBridge(owner, `Plan ${plan.index}`);
  let accounts: string[];
  if (plan.target === 'account') {
    accounts = [await tradingAccount(who)];
    await connectToOrderGroup(owner, bridge.json_bridge_id, group.og_id, 'account', accounts[0] as string);
  } else {
    accounts = [await tradingAccount(who), await tradingAccount(who)];
    const copyGroup = await addGroup(owner, { grp_name: `Plan ${plan.index}`, trading_enabled: true, place_rejected: false });
    for (const account of accounts) await addChild(owner, copyGroup.grp_id, account, { multiplier: 1, trading_enabled: true });
    await connectToOrderGroup(owner, bridge.json_bridge_id, group.og_id, 'group', copyGroup.grp_id);
  }
  if (plan.brokerTimesOutOnce) for (const account of accounts) timeoutOnce.add(account);
  if (plan.crashBeforeRecording) for (const account of accounts) dieAfterPlacing.add(account);
  return { bridgeId: bridge.json_bridge_id, accounts };
}

async function arrive(who: TestUser, bridgeId: string, body: string): Promise<string> {
  const accepted = await acceptWebhookSignal(
    { owner: ownerOf(who), bridge: { kind: 'json', id: bridgeId, ignoreReason: null }, body, contentType: 'application/json', receivedAt: now(), retryWindowSeconds: 60 },
    log,
  );
  return accepted.signal.signal_id;
}

/** One delivery of the message: a throw is the worker failing it (SQS delivers it again later). */
async function deliver(payload: SignalPayload, receiveCount: number, hooks: RunSignalHooks = {}): Promise<'ok' | 'threw'> {
  try {
    await runSignal(payload, jsonBridgePlanner, log, { receiveCount }, hooks);
    return 'ok';
  } catch {
    return 'threw';
  }
}

const FINAL = ['executed', 'partially_executed', 'failed', 'rejected', 'expired', 'ignored'];

async function runPlan(who: TestUser, plan: FaultPlan): Promise<void> {
  const { bridgeId, accounts } = await arrange(who, plan);
  const body = JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: '1', transaction_type: 'BUY', signal_id: randomUUID() });
  const signalId = await arrive(who, bridgeId, body);
  for (let copy = 0; copy < plan.duplicates; copy += 1) expect(await arrive(who, bridgeId, body)).toBe(signalId);
  const payload: SignalPayload = { frch_id: who.user.frch_id, user_id: who.user.user_id, bridge_id: bridgeId, signal_id: signalId };

  let receiveCount = plan.crashOnLastDelivery ? SIGNAL_QUEUE.maxReceiveCount : 1;
  const crash: RunSignalHooks = plan.crashAfterBroker ? { afterEntryOrder: () => Promise.reject(new Error('crash after the broker call')) } : {};
  let last = await deliver(payload, receiveCount, crash);
  // The dead worker's delivery is over: the next one runs on a live worker.
  for (const account of accounts) dead.delete(account);
  for (let copy = 0; copy < plan.redeliveries; copy += 1) last = await deliver(payload, ++receiveCount);
  // SQS keeps delivering a failed message until its receive count runs out.
  while (last === 'threw' && receiveCount < SIGNAL_QUEUE.maxReceiveCount) last = await deliver(payload, ++receiveCount);

  if ((await getSignal(who.user.frch_id, who.user.user_id, signalId))?.status === 'failed') {
    await replaySignal(ownerOf(who), signalId, log);
    await deliver(payload, 1);
    if (plan.redeliveries > 0) await deliver(payload, 2);
  }

  const signal = await getSignal(who.user.frch_id, who.user.user_id, signalId);
  const context = JSON.stringify(plan);
  expect(FINAL, context).toContain(signal?.status);
  for (const account of accounts) {
    expect(brokerPlacements.get(account) ?? 0, `${context} broker placements on ${account}`).toBe(1);
    const records = await listAccountOrdersOfDay(ownerOf(who), account, tradingDay(now()));
    expect(records, `${context} order records on ${account}`).toHaveLength(1);
  }
}

describe('exactly one order per (signal, account) under faults', () => {
  it(`holds over ${RUNS} generated fault plans (seed ${SEED})`, { timeout: 240_000 }, async () => {
    const random = seeded(SEED);
    const plans = Array.from({ length: RUNS }, (_, index) => planOf(index, random));
    const lanes = await Promise.all(Array.from({ length: LANES }, () => createTestUser()));
    await Promise.all(
      lanes.map(async (who, lane) => {
        for (let index = lane; index < plans.length; index += LANES) await runPlan(who, plans[index] as FaultPlan);
      }),
    );
    // The generator covered every fault.
    expect(plans.some((plan) => plan.crashOnLastDelivery && plan.brokerTimesOutOnce && plan.target === 'group')).toBe(true);
    expect(plans.some((plan) => plan.crashBeforeRecording && plan.crashOnLastDelivery && plan.target === 'group')).toBe(true);
  });
});
