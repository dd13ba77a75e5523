import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { now } from '../../functions/platform/clock';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { BRIDGE_NOT_FOUND_MESSAGE, bridgeSchema, bridgeWithKeySchema, triggerSchema, type Trigger } from '../../shared/contracts/bridge';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { positionSchema, type Position } from '../../shared/contracts/ordermanager';
import { tradingDay } from '../../shared/domain/market-clock';
import { customBridgePlanner } from '../../functions/signals/custom-bridge/custom-bridge-planner';
import { SIGNAL_PROCESSORS } from '../../functions/signals/queue/signal-processors';
import { NO_SIGNAL_SYMBOLS_REASON } from '../../functions/signals/custom-bridge/signal-symbol-plans';
import { listAccountOrdersOfDay } from '../../functions/data/orders/order-listing';
import { getSignal, type SignalItem } from '../../functions/data/signals-repository';
import { config } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { runSignal } from '../../functions/signals/execution/run-signal';
import { CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND, signalPayloadSchema } from '../../functions/signals/queue/signal-message';
import { queueMessageSchema } from '../../functions/signals/queue/queue-message';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf, expectError } from '../support/api-answers';

const customBridgeSignalProcessor = SIGNAL_PROCESSORS[CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND]!;

/**
 * Custom bridge triggers set to the alert's symbols (script_source SIGNAL), end to end: a ChartInk scan
 * or a TradingView action JSON posted to the webhook → this file's own FIFO queue → the real planner and
 * signal runner → one paper order and one order-manager position per symbol, exactly once.
 */
const engines = inject('engines');
const sqsClient = useOwnSignalQueue('custombridge-scan');

const api = useGateway();
const log = createLogger({ test: 'custombridge-scan' }, 'warn');
const JSON_TYPE = { 'content-type': 'application/json' };
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

/** Every message now on this file's queue, removed from it (the test plays the deliveries). */
async function takeQueued(): Promise<Message[]> {
  const taken: Message[] = [];
  for (;;) {
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (Messages.length === 0) return taken;
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    taken.push(...Messages);
  }
}

const queueMessageOf = (message: Message) => queueMessageSchema.parse(JSON.parse(message.Body ?? ''));
const deliver = (message: Message, receiveCount: number) => customBridgeSignalProcessor(queueMessageOf(message), log, receiveCount);

async function paperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

async function connectedBridge(who: TestUser) {
  const bridge = dataOf(await post(who, '/users/bridge/adduserbridge', { bridge_name: 'Scan bridge' }), bridgeWithKeySchema);
  dataOf(await post(who, '/users/bridge/userbridgeconnection', { bridge_id: bridge.bridge_id }), bridgeSchema);
  return bridge;
}

/** An UP EQUITY trigger on the account that trades the alert's symbols: MARKET, DIRECT, 1 share each unless the alert says. */
const alertSymbolsTrigger = (bridgeId: string, account: string, extra: Record<string, unknown> = {}) => ({
  bridge_id: bridgeId,
  direction: 'UP',
  target_kind: 'account',
  target_id: account,
  script_type: 'EQUITY',
  script_source: 'SIGNAL',
  product: 'INTRADAY',
  quantity: 1,
  ...extra,
});
const addTrigger = async (who: TestUser, body: Record<string, unknown>): Promise<Trigger> => dataOf(await post(who, '/users/bridge/addbridgetrigger', body), triggerSchema.strict());

const CHARTINK_SCAN = JSON.stringify({
  stocks: 'SBIN,TCS',
  trigger_prices: '801.25,3500.5',
  triggered_at: '2:34 pm',
  scan_name: 'BUY breakouts',
  scan_url: 'buy-breakouts',
  alert_name: 'Alert for BUY breakouts',
});

async function sendToWebhook(key: string, body: string): Promise<string> {
  const answer = await api.call('POST', `/users/bridge/webhook/${key}`, { rawBody: body, headers: JSON_TYPE });
  return dataOf(answer, z.object({ signal_id: z.string() }), 202).signal_id;
}

async function storedSignal(who: TestUser, signalId: string): Promise<SignalItem> {
  const stored = await getSignal(who.user.frch_id, who.user.user_id, signalId);
  if (!stored) throw new Error(`signal ${signalId} not stored`);
  return stored;
}

const positionsOf = async (who: TestUser, bridgeId: string) => dataOf(await post(who, '/users/bridge/getbridgepositions', { bridge_id: bridgeId }), z.array(positionSchema));
const summary = (positions: readonly Position[]) =>
  positions.map((position) => ({ trading_symbol: position.trading_symbol, transaction_type: position.transaction_type, quantity: position.quantity, op_status: position.op_status }));
const resultsOf = (stored: SignalItem) => stored.results.map((result) => [result.plan_id, result.outcome]);
/** The account's orders today, per trading symbol. */
async function orderCounts(who: TestUser, account: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const order of await listAccountOrdersOfDay(ownerOf(who), account, tradingDay(now()))) counts[order.instrument.trading_symbol] = (counts[order.instrument.trading_symbol] ?? 0) + 1;
  return counts;
}

describe("custom bridge triggers that trade the alert's symbols", () => {
  let owner: TestUser;
  let stranger: TestUser;
  let account: string;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
    account = await paperAccount(owner);
  });

  it('trades each stock of a ChartInk scan once: one order and one OPEN position per stock, and a redelivery places nothing more', async () => {
    const bridge = await connectedBridge(owner);
    const trigger = await addTrigger(owner, alertSymbolsTrigger(bridge.bridge_id, account));
    expect(trigger).toMatchObject({ script_source: 'SIGNAL', script: null, order_type: 'MARKET' });

    const signalId = await sendToWebhook(bridge.webhook_key, CHARTINK_SCAN);
    const [message, ...others] = await takeQueued();
    if (!message) throw new Error('nothing queued');
    expect(others).toEqual([]);
    // The first delivery dies once the first entry order is answered (a worker killed after the broker call).
    let crashed = false;
    const crashOnce = () => {
      if (crashed) return;
      crashed = true;
      throw new Error('the worker died after the broker call');
    };
    const { payload, enqueuedAt } = queueMessageOf(message);
    await expect(runSignal(signalPayloadSchema.parse(payload), customBridgePlanner, log, { receiveCount: 1, enqueuedAt }, { afterEntryOrder: crashOnce })).rejects.toThrow('died');
    expect((await storedSignal(owner, signalId)).status).toBe('queued');

    // The queue delivers it again: each stock's position is found under its plan and continues.
    await deliver(message, 2);
    const executed = await storedSignal(owner, signalId);
    expect(executed).toMatchObject({ status: 'executed', source: 'chartink' });
    expect(resultsOf(executed)).toEqual([
      [`${trigger.trigger_id}:SBIN`, 'entered'],
      [`${trigger.trigger_id}:TCS`, 'entered'],
    ]);
    expect(summary(await positionsOf(owner, bridge.bridge_id))).toEqual(
      expect.arrayContaining([
        { trading_symbol: 'SBIN', transaction_type: 'BUY', quantity: 1, op_status: 'OPEN' },
        { trading_symbol: 'TCS', transaction_type: 'BUY', quantity: 1, op_status: 'OPEN' },
      ]),
    );
    expect(await positionsOf(owner, bridge.bridge_id)).toHaveLength(2);
    expect(await orderCounts(owner, account)).toEqual({ SBIN: 1, TCS: 1 });

    // And once more after it ended: nothing changes.
    await deliver(message, 3);
    expect(await storedSignal(owner, signalId)).toEqual(executed);
    expect(await positionsOf(owner, bridge.bridge_id)).toHaveLength(2);
    expect(await orderCounts(owner, account)).toEqual({ SBIN: 1, TCS: 1 });
  });

  it("trades a TradingView action's symbol at the quantity it names, on the exchange it names", async () => {
    const other = await createTestUser();
    const otherAccount = await paperAccount(other);
    const bridge = await connectedBridge(other);
    const trigger = await addTrigger(other, alertSymbolsTrigger(bridge.bridge_id, otherAccount, { quantity: 2 }));

    const signalId = await sendToWebhook(bridge.webhook_key, JSON.stringify({ action: 'BUY', symbol: 'NSE:INFY', quantity: 3 }));
    for (const message of await takeQueued()) await deliver(message, 1);
    expect(resultsOf(await storedSignal(other, signalId))).toEqual([[`${trigger.trigger_id}:INFY`, 'entered']]);
    expect((await positionsOf(other, bridge.bridge_id)).map((position) => [position.script_id, position.quantity])).toEqual([['NSE:INFY', 3]]);
  });

  it('a manual fire names no symbols: the trigger set to the alert is refused with the reason, a fixed-symbol trigger still trades', async () => {
    const bridge = await connectedBridge(owner);
    const fromAlert = await addTrigger(owner, alertSymbolsTrigger(bridge.bridge_id, account));
    const fixed = await addTrigger(owner, { ...alertSymbolsTrigger(bridge.bridge_id, account), script_source: 'TRIGGER', script: 'INFY' });

    const fired = dataOf(await post(owner, '/users/bridge/placebridgeorder', { bridge_id: bridge.bridge_id, direction: 'UP', idempotency_key: 'scan-manual-0001' }), z.object({ signal_id: z.string() }));
    for (const message of await takeQueued()) await deliver(message, 1);

    const stored = await storedSignal(owner, fired.signal_id);
    expect(stored.status).toBe('partially_executed');
    expect(stored.results.map((result) => [result.plan_id, result.outcome, result.reason])).toEqual([
      [fixed.trigger_id, 'entered', null],
      [fromAlert.trigger_id, 'failed', NO_SIGNAL_SYMBOLS_REASON],
    ]);
    expect(summary(await positionsOf(owner, bridge.bridge_id))).toEqual([{ trading_symbol: 'INFY', transaction_type: 'BUY', quantity: 1, op_status: 'OPEN' }]);
  });

  it.each([
    ['with a script', { script: 'SBIN' }, 'script', "A trigger that trades the alert's symbols has no script of its own: leave the script empty."],
    ['with a LIMIT order', { order_type: 'LIMIT', price: 100 }, 'order_type', "A trigger that trades the alert's symbols places MARKET orders: one price cannot fit every symbol."],
  ])('refuses adding a trigger set to the alert %s (400), and adds nothing', async (_, extra, path, message) => {
    const bridge = await connectedBridge(owner);
    const error = expectError(await post(owner, '/users/bridge/addbridgetrigger', alertSymbolsTrigger(bridge.bridge_id, account, extra)), 400);
    expect(error.details).toContainEqual({ path, message });
    expect(dataOf(await post(owner, '/users/bridge/getuserbridgebyid', { bridge_id: bridge.bridge_id }), bridgeSchema).up_trigger_count).toBe(0);
  });

  it('checks an update merged whole: a fixed trigger switched to the alert must drop its script, one on the alert stays MARKET', async () => {
    const bridge = await connectedBridge(owner);
    const fixed = await addTrigger(owner, { ...alertSymbolsTrigger(bridge.bridge_id, account), script_source: 'TRIGGER', script: 'SBIN' });
    const byFixed = { bridge_id: bridge.bridge_id, trigger_id: fixed.trigger_id };

    const kept = expectError(await post(owner, '/users/bridge/updatebridgetrigger', { ...byFixed, script_source: 'SIGNAL' }), 400);
    expect(kept.details?.map((detail) => detail.path)).toEqual(['script']);
    const switched = dataOf(await post(owner, '/users/bridge/updatebridgetrigger', { ...byFixed, script_source: 'SIGNAL', script: null }), triggerSchema.strict());
    expect(switched).toMatchObject({ trigger_id: fixed.trigger_id, script_source: 'SIGNAL', script: null, priority: 1 });

    const limit = expectError(await post(owner, '/users/bridge/updatebridgetrigger', { ...byFixed, order_type: 'LIMIT', price: 100 }), 400);
    expect(limit.details?.map((detail) => detail.path)).toEqual(['order_type']);
    const back = expectError(await post(owner, '/users/bridge/updatebridgetrigger', { ...byFixed, script_source: 'TRIGGER' }), 400);
    expect(back.details).toEqual([{ path: 'script', message: 'Enter a script such as SBIN or NIFTY.' }]);
  });

  it("answers 404 for another user's bridge, and leaves its triggers as they were", async () => {
    const bridge = await connectedBridge(owner);
    const trigger = await addTrigger(owner, alertSymbolsTrigger(bridge.bridge_id, account));
    const strangersAccount = await paperAccount(stranger);

    expectError(await post(stranger, '/users/bridge/addbridgetrigger', alertSymbolsTrigger(bridge.bridge_id, strangersAccount)), 404, BRIDGE_NOT_FOUND_MESSAGE);
    expectError(await post(stranger, '/users/bridge/updatebridgetrigger', { bridge_id: bridge.bridge_id, trigger_id: trigger.trigger_id, script_source: 'TRIGGER', script: 'SBIN' }), 404, BRIDGE_NOT_FOUND_MESSAGE);
    const listed = dataOf(await post(owner, '/users/bridge/getbridgetriggers', { bridge_id: bridge.bridge_id }), z.object({ up_triggers: z.array(triggerSchema) }));
    expect(listed.up_triggers).toEqual([trigger]);
  });
});
