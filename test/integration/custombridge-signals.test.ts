import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { bridgeSchema, bridgeWithKeySchema, triggerSchema } from '../../shared/contracts/bridge';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupSchema } from '../../shared/contracts/groups';
import { positionSchema, type Position } from '../../shared/contracts/ordermanager';
import { SIGNAL_PROCESSORS } from '../../functions/signals/queue/signal-processors';
import { CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND } from '../../functions/signals/queue/signal-message';
import { BRIDGE_TRADING_OFF_REASON } from '../../functions/signals/custom-bridge/signal-ignore-reason';
import { getSignal, type SignalItem } from '../../functions/data/signals-repository';
import { createLogger } from '../../functions/platform/logger';
import { config } from '../../functions/platform/config';
import { queueMessageSchema } from '../../functions/signals/queue/queue-message';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

const customBridgeSignalProcessor = SIGNAL_PROCESSORS[CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND]!;

/**
 * A custom bridge's signals end to end (ADR 0008): webhook or placebridgeorder → this file's own FIFO
 * queue → the custom bridge processor (the real planner and signal runner) → paper orders and the
 * bridge's order-manager positions.
 */
const engines = inject('engines');
const sqsClient = useOwnSignalQueue('custombridge-signals');

const api = useGateway();
const log = createLogger({ test: 'custombridge-signals' }, 'warn');
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

/** Runs every message now on this file's queue through the custom bridge processor, as the signal worker would. */
async function runQueuedSignals(): Promise<number> {
  let ran = 0;
  for (;;) {
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (Messages.length === 0) return ran;
    for (const message of Messages) {
      await customBridgeSignalProcessor(queueMessageSchema.parse(JSON.parse(message.Body ?? '')), log, 1);
      await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
      ran += 1;
    }
  }
}

async function paperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

async function connectedBridge(who: TestUser) {
  const bridge = dataOf(await post(who, '/users/bridge/adduserbridge', { bridge_name: 'Signal bridge' }), bridgeWithKeySchema);
  dataOf(await post(who, '/users/bridge/userbridgeconnection', { bridge_id: bridge.bridge_id }), bridgeSchema);
  return bridge;
}

const addTrigger = async (who: TestUser, body: Record<string, unknown>) => dataOf(await post(who, '/users/bridge/addbridgetrigger', body), triggerSchema);

const equityTrigger = (bridgeId: string, target: { kind: 'account' | 'group'; id: string }, direction: 'UP' | 'DOWN', script: string, extra: Record<string, unknown> = {}) => ({
  bridge_id: bridgeId,
  direction,
  target_kind: target.kind,
  target_id: target.id,
  script_type: 'EQUITY',
  script,
  product: 'INTRADAY',
  quantity: 2,
  ...extra,
});

/** Sends a signal to the bridge's webhook, runs the queue, and answers the stored signal as it ended. */
async function signal(who: TestUser, key: string, body: string): Promise<SignalItem> {
  const answer = await api.call('POST', `/users/bridge/webhook/${key}`, { rawBody: body, headers: { 'content-type': 'text/plain' } });
  const { signal_id: signalId } = dataOf(answer, z.object({ signal_id: z.string() }), 202);
  expect(await runQueuedSignals()).toBe(1);
  const stored = await getSignal(who.user.frch_id, who.user.user_id, signalId);
  if (!stored) throw new Error(`signal ${signalId} not stored`);
  return stored;
}

const positionsOf = async (who: TestUser, bridgeId: string) => dataOf(await post(who, '/users/bridge/getbridgepositions', { bridge_id: bridgeId }), z.array(positionSchema));
const summary = (positions: readonly Position[]) =>
  positions.map((position) => ({ broker_id: position.broker_id, trading_symbol: position.trading_symbol, transaction_type: position.transaction_type, quantity: position.quantity, op_status: position.op_status }));
const resultsOf = (stored: SignalItem) => stored.results.map((result) => [result.plan_id, result.outcome]);

describe('custom bridge signals: UP, DOWN with exit_opposite, EXIT', () => {
  let owner: TestUser;
  let account: string;
  beforeAll(async () => {
    owner = await createTestUser();
    account = await paperAccount(owner);
  });

  it('UP runs the up triggers in priority order on the account; DOWN with exit_opposite exits the UP side first; EXIT closes the rest', async () => {
    const bridge = await connectedBridge(owner);
    const target = { kind: 'account', id: account } as const;
    const sbin = await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'SBIN'));
    const infy = await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'INFY', { quantity: 1 }));
    // INFY first: the priority decides the order, not the order of creation.
    dataOf(await post(owner, '/users/bridge/updatetriggerspriorities', { bridge_id: bridge.bridge_id, direction: 'UP', trigger_ids: [infy.trigger_id, sbin.trigger_id] }), z.unknown());
    const put = await addTrigger(owner, {
      bridge_id: bridge.bridge_id,
      direction: 'DOWN',
      target_kind: 'account',
      target_id: account,
      script_type: 'OPTION',
      option_base: 'INDEX',
      script: 'NIFTY',
      expiry_type: 'monthly',
      product: 'INTRADAY',
      quantity: 1,
      exit_opposite: true,
    });

    const up = await signal(owner, bridge.webhook_key, 'BUY');
    expect(up).toMatchObject({ status: 'executed', source: 'tradingview-text' });
    expect(resultsOf(up)).toEqual([
      [infy.trigger_id, 'entered'],
      [sbin.trigger_id, 'entered'],
    ]);
    const resolved = up.timeline.find((entry) => entry.event === 'resolved')?.note ?? '';
    expect(resolved.indexOf(infy.trigger_id)).toBeLessThan(resolved.indexOf(sbin.trigger_id));
    expect(summary(await positionsOf(owner, bridge.bridge_id))).toEqual(
      expect.arrayContaining([
        { broker_id: account, trading_symbol: 'INFY', transaction_type: 'BUY', quantity: 1, op_status: 'OPEN' },
        { broker_id: account, trading_symbol: 'SBIN', transaction_type: 'BUY', quantity: 2, op_status: 'OPEN' },
      ]),
    );

    const down = await signal(owner, bridge.webhook_key, 'SELL');
    expect(down.status).toBe('executed');
    // The two UP positions are exited first, then the DOWN trigger buys a NIFTY put.
    expect(resultsOf(down)).toEqual([
      ['close', 'exited'],
      ['close', 'exited'],
      [put.trigger_id, 'entered'],
    ]);
    const afterDown = await positionsOf(owner, bridge.bridge_id);
    expect(afterDown.filter((position) => position.op_status === 'OPEN')).toEqual([
      expect.objectContaining({ transaction_type: 'BUY', trading_symbol: expect.stringMatching(/^NIFTY.*PE$/), lot_size: expect.any(Number) }),
    ]);
    const [openPut] = afterDown.filter((position) => position.op_status === 'OPEN');
    expect(openPut?.quantity).toBe(openPut?.lot_size);
    expect(afterDown.filter((position) => position.trading_symbol === 'SBIN' || position.trading_symbol === 'INFY').map((position) => position.op_status)).toEqual(['EXITED', 'EXITED']);

    const exit = await signal(owner, bridge.webhook_key, 'EXIT');
    expect(exit.status).toBe('executed');
    expect(resultsOf(exit)).toEqual([['close', 'exited']]);
    expect((await positionsOf(owner, bridge.bridge_id)).filter((position) => position.op_status === 'OPEN')).toEqual([]);
    expect(await runQueuedSignals()).toBe(0);
  });

  it('DOWN without exit_opposite leaves the UP positions open', async () => {
    const bridge = await connectedBridge(owner);
    const target = { kind: 'account', id: account } as const;
    await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'SBIN', { quantity: 1 }));
    await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'DOWN', 'INFY', { quantity: 1 }));

    expect((await signal(owner, bridge.webhook_key, 'LONG')).status).toBe('executed');
    const down = await signal(owner, bridge.webhook_key, 'SHORT');
    expect(down.results.map((result) => result.plan_id)).not.toContain('close');
    expect(summary(await positionsOf(owner, bridge.bridge_id))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ trading_symbol: 'SBIN', transaction_type: 'BUY', op_status: 'OPEN' }),
        expect.objectContaining({ trading_symbol: 'INFY', transaction_type: 'SELL', op_status: 'OPEN' }),
      ]),
    );
  });

  it('EXIT also cancels a WAITING position, and places nothing', async () => {
    const bridge = await connectedBridge(owner);
    const target = { kind: 'account', id: account } as const;
    await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'SBIN', { quantity: 1 }));
    // Waits for a price the paper feed will not reach.
    await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'INFY', { quantity: 1, entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: 9_999_999 }));

    const up = await signal(owner, bridge.webhook_key, 'UP');
    expect(up.results.map((result) => result.outcome).sort()).toEqual(['entered', 'waiting']);
    const exit = await signal(owner, bridge.webhook_key, 'EXIT');
    expect(exit.status).toBe('executed');
    expect(exit.results.map((result) => result.outcome).sort()).toEqual(['cancelled', 'exited']);
    expect((await positionsOf(owner, bridge.bridge_id)).map((position) => position.op_status).sort()).toEqual(['CANCELLED', 'EXITED']);
  });

  it('refuses only the trigger whose contract is not in the master; the others still run', async () => {
    const bridge = await connectedBridge(owner);
    const target = { kind: 'account', id: account } as const;
    const good = await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'SBIN', { quantity: 1 }));
    const bad = await addTrigger(owner, equityTrigger(bridge.bridge_id, target, 'UP', 'NOSUCHSCRIPT', { quantity: 1 }));

    const up = await signal(owner, bridge.webhook_key, 'BUY');
    expect(up.status).toBe('partially_executed');
    expect(resultsOf(up)).toEqual([
      [good.trigger_id, 'entered'],
      [bad.trigger_id, 'failed'],
    ]);
    expect(up.results[1]?.reason).toContain('NOSUCHSCRIPT');
  });

  it('ignores a queued signal when trading was turned off before it ran, with the reason, and places nothing', async () => {
    const bridge = await connectedBridge(owner);
    await addTrigger(owner, equityTrigger(bridge.bridge_id, { kind: 'account', id: account }, 'UP', 'SBIN', { quantity: 1 }));
    const answer = await api.call('POST', `/users/bridge/webhook/${bridge.webhook_key}`, { rawBody: 'BUY', headers: { 'content-type': 'text/plain' } });
    const { signal_id: signalId } = dataOf(answer, z.object({ signal_id: z.string() }), 202);
    dataOf(await post(owner, '/users/bridge/updatebridgetradingflag', { bridge_id: bridge.bridge_id, trading_enabled: false }), bridgeSchema);

    expect(await runQueuedSignals()).toBe(1);
    expect(await getSignal(owner.user.frch_id, owner.user.user_id, signalId)).toMatchObject({ status: 'ignored', reason: BRIDGE_TRADING_OFF_REASON });
    expect(await positionsOf(owner, bridge.bridge_id)).toEqual([]);
  });

  it('ignores a direction the bridge has no triggers for', async () => {
    const bridge = await connectedBridge(owner);
    await addTrigger(owner, equityTrigger(bridge.bridge_id, { kind: 'account', id: account }, 'UP', 'SBIN', { quantity: 1 }));
    expect(await signal(owner, bridge.webhook_key, 'SELL')).toMatchObject({ status: 'ignored', reason: 'The bridge has no DOWN triggers' });
    expect(await positionsOf(owner, bridge.bridge_id)).toEqual([]);
  });
});

describe('custom bridge signals: a group target and placebridgeorder', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  it("fans a group trigger out to the group's trading children at their multipliers", async () => {
    const [first, second] = [await paperAccount(owner), await paperAccount(owner)];
    const group = dataOf(await post(owner, '/users/groups/addgroup', { grp_name: 'Family accounts', trading_enabled: true }), groupSchema);
    dataOf(await post(owner, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: first, multiplier: 1 }), z.unknown());
    dataOf(await post(owner, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: second, multiplier: 2 }), z.unknown());
    const bridge = await connectedBridge(owner);
    const trigger = await addTrigger(owner, equityTrigger(bridge.bridge_id, { kind: 'group', id: group.grp_id }, 'UP', 'SBIN', { quantity: 3 }));

    const up = await signal(owner, bridge.webhook_key, 'BUY SBIN');
    expect(up.status).toBe('executed');
    expect(up.results.map((result) => [result.plan_id, result.broker_id, result.outcome]).sort()).toEqual(
      [
        [trigger.trigger_id, first, 'entered'],
        [trigger.trigger_id, second, 'entered'],
      ].sort(),
    );
    expect(summary(await positionsOf(owner, bridge.bridge_id))).toEqual(
      expect.arrayContaining([
        { broker_id: first, trading_symbol: 'SBIN', transaction_type: 'BUY', quantity: 3, op_status: 'OPEN' },
        { broker_id: second, trading_symbol: 'SBIN', transaction_type: 'BUY', quantity: 6, op_status: 'OPEN' },
      ]),
    );
    expect(dataOf(await post(owner, '/users/bridge/getuserbridgebyid', { bridge_id: bridge.bridge_id }), bridgeSchema)).toMatchObject({ open_positions_count: 2, today_signal_count: 1 });
  });

  it('placebridgeorder fires a direction through the same worker, once per idempotency key, connected or not', async () => {
    const account = await paperAccount(owner);
    const bridge = dataOf(await post(owner, '/users/bridge/adduserbridge', { bridge_name: 'Manual bridge' }), bridgeWithKeySchema);
    const trigger = await addTrigger(owner, equityTrigger(bridge.bridge_id, { kind: 'account', id: account }, 'DOWN', 'SBIN', { quantity: 1, transaction_type: 'SELL' }));
    const fire = () => post(owner, '/users/bridge/placebridgeorder', { bridge_id: bridge.bridge_id, direction: 'DOWN', idempotency_key: 'manual-fire-0001' });

    const { signal_id: signalId } = dataOf(await fire(), z.object({ signal_id: z.string() }));
    // 30 concurrent presses with the key all answer the first signal (200), never an error.
    const presses = await Promise.all(Array.from({ length: 30 }, fire));
    expect(new Set(presses.map((press) => dataOf(press, z.object({ signal_id: z.string() })).signal_id))).toEqual(new Set([signalId]));
    expect(await runQueuedSignals()).toBe(1);

    expect(await getSignal(owner.user.frch_id, owner.user.user_id, signalId)).toMatchObject({ status: 'executed', source: 'manual', results: [expect.objectContaining({ plan_id: trigger.trigger_id, outcome: 'entered' })] });
    expect(summary(await positionsOf(owner, bridge.bridge_id))).toEqual([{ broker_id: account, trading_symbol: 'SBIN', transaction_type: 'SELL', quantity: 1, op_status: 'OPEN' }]);
    // A third press with the same key, after the run, still answers the same signal and places nothing more.
    expect(dataOf(await fire(), z.object({ signal_id: z.string() })).signal_id).toBe(signalId);
    expect(await runQueuedSignals()).toBe(0);
  });
});
