import { randomUUID } from 'node:crypto';
import { now, nowMs } from '../../functions/platform/clock';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { jsonBridgeSchema, jsonBridgeWithKeySchema } from '../../shared/contracts/jsonbridge';
import { ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE, orderGroupSchema } from '../../shared/contracts/ordermanager';
import { SIGNAL_NOT_FOUND_MESSAGE, SIGNAL_NOT_REPLAYABLE_MESSAGE } from '../../shared/contracts/signals';
import { tradingDay } from '../../shared/domain/market-clock';
import { addChild } from '../../functions/groups/use-cases/group-children';
import { connectMaster } from '../../functions/groups/use-cases/group-master';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { listPositions } from '../../functions/data/ordermanager/position';
import type { PositionItem } from '../../functions/data/ordermanager/position-item';
import { listAccountOrdersOfDay } from '../../functions/data/orders/order-listing';
import { getSignal, storeSignal, type SignalItem } from '../../functions/data/signals-repository';
import { config } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { runSignal } from '../../functions/signals/execution/run-signal';
import { SignalNotStoredError } from '../../functions/signals/execution/stored-signal';
import { jsonBridgePlanner } from '../../functions/signals/json-bridge/json-bridge-planner';
import { listOwnSignals } from '../../functions/signals/log/list-signals';
import { replaySignal } from '../../functions/signals/log/replay-signal';
import { handler } from '../../functions/workers/signal-worker';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { drainThroughWorker } from '../support/signal-worker-drain';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * JSON bridge signals end to end (ADR 0008): webhook → this file's own FIFO queue → the signal worker's
 * handler (the real processors, planner and runner) → paper orders and order-manager positions.
 */
const engines = inject('engines');
const sqsClient = useOwnSignalQueue('signal-worker');

const api = useGateway();
const log = createLogger({ test: 'signal-worker' }, 'error');
const JSON_TYPE = { 'content-type': 'application/json' };
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

interface Bridge {
  readonly owner: TestUser;
  readonly id: string;
  readonly key: string;
  readonly ogId: string;
}

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

async function jsonBridgeOn(owner: TestUser, target: { target_kind: 'account' | 'group'; target_id: string }): Promise<Bridge> {
  const added = dataOf(await post(owner, '/users/jsonbridge/addjsonbridge', { json_bridge_name: 'Signals' }), jsonBridgeWithKeySchema);
  const group = dataOf(await post(owner, '/ordermanager/addordergroup', { og_name: 'Signal orders' }), orderGroupSchema);
  dataOf(await post(owner, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: added.json_bridge_id, og_id: group.og_id, ...target }), jsonBridgeSchema);
  return { owner, id: added.json_bridge_id, key: added.webhook_key, ogId: group.og_id };
}

/** A body of its own each time (a sender's signal id), so two sends in one minute are two signals. */
function order(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: '1', transaction_type: 'BUY', signal_id: randomUUID(), ...fields });
}

async function sendSignal(bridge: Bridge, body: string): Promise<string> {
  const answer = await api.call('POST', `/users/jsonbridge/webhook/${bridge.id}/${bridge.key}`, { rawBody: body, headers: JSON_TYPE });
  return dataOf(answer, z.object({ signal_id: z.string() }), 202).signal_id;
}

/** Drains this file's queue through the worker handler, as the event-source mapping would; answers the records it ran. */
const runWorker = () => drainThroughWorker(sqsClient);

async function signalOf(who: TestUser, signalId: string): Promise<SignalItem> {
  const signal = await getSignal(who.user.frch_id, who.user.user_id, signalId);
  if (!signal) throw new Error(`signal ${signalId} not stored`);
  return signal;
}

const positionsOf = (bridge: Bridge): Promise<PositionItem[]> => listPositions(ownerOf(bridge.owner), bridge.ogId);
const ordersOf = (who: TestUser, brokerId: string) => listAccountOrdersOfDay(ownerOf(who), brokerId, tradingDay(now()));
const eventsOf = (signal: SignalItem) => signal.timeline.map((entry) => entry.event);

describe('signal worker: a JSON bridge signal on one account', () => {
  let owner: TestUser;
  let brokerId: string;
  let bridge: Bridge;
  beforeAll(async () => {
    owner = await createTestUser();
    brokerId = await tradingPaperAccount(owner);
    bridge = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
  });

  it('executes it: one OPEN position in the bridge order group, one order, the results and the timeline', async () => {
    const signalId = await sendSignal(bridge, order({ quantity: '3', is_sl: 'true', sl_type: 'POINT', sl_value: '5' }));
    const [record] = await runWorker();
    const signal = await signalOf(owner, signalId);
    expect(signal).toMatchObject({ status: 'executed', reason: null });
    const [position] = await positionsOf(bridge);
    expect(position).toMatchObject({ op_status: 'OPEN', broker_id: brokerId, quantity: 3, transaction_type: 'BUY', instrument: { script_id: 'NSE:SBIN' }, is_sl: true, sl_type: 'POINT', sl_value: 5 });
    const orders = await ordersOf(owner, brokerId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ origin: 'bridge', quantity: 3, transaction_type: 'BUY' });
    expect(signal.results).toEqual([{ plan_id: 'order', broker_id: brokerId, op_id: position?.op_id, outcome: 'entered', reason: null, order_id: orders[0]?.order_id }]);
    expect(eventsOf(signal)).toEqual(['received', 'queued', 'enqueued', 'picked_up', 'resolved', 'order_sent', 'order_acknowledged', 'executed']);

    // An SQS redelivery of the same message changes nothing.
    expect((await handler({ Records: [record as SQSRecord] })).batchItemFailures).toEqual([]);
    expect(await signalOf(owner, signalId)).toEqual(signal);
    expect(await ordersOf(owner, brokerId)).toHaveLength(1);
    expect(await positionsOf(bridge)).toHaveLength(1);
  });

  it('exits the opposite OPEN position of the same underlying first when exit_on_opposite is set', async () => {
    const opposite = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    await sendSignal(opposite, order({ quantity: '2' }));
    await runWorker();
    const [long] = await positionsOf(opposite);
    const signalId = await sendSignal(opposite, order({ quantity: '2', transaction_type: 'SELL', exit_on_opposite: true }));
    await runWorker();
    const signal = await signalOf(owner, signalId);
    expect(signal.status).toBe('executed');
    const positions = await positionsOf(opposite);
    expect(positions.find((position) => position.op_id === long?.op_id)).toMatchObject({ op_status: 'EXITED', exit_leg: 'TRADING' });
    expect(positions.find((position) => position.op_id !== long?.op_id)).toMatchObject({ op_status: 'OPEN', transaction_type: 'SELL' });
    expect(signal.results.map((result) => [result.plan_id, result.outcome])).toEqual([
      ['close', 'exited'],
      ['order', 'entered'],
    ]);
  });

  it('closes the script and places nothing when position_size is 0', async () => {
    const flat = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    await sendSignal(flat, order());
    await runWorker();
    const signalId = await sendSignal(flat, order({ transaction_type: 'SELL', position_size: '0' }));
    await runWorker();
    expect((await signalOf(owner, signalId)).status).toBe('executed');
    expect((await positionsOf(flat)).map((position) => position.op_status)).toEqual(['EXITED']);
  });

  it('rejects a signal whose contract the master does not list, with the reason, and places nothing', async () => {
    const before = (await ordersOf(owner, brokerId)).length;
    const signalId = await sendSignal(bridge, order({ script: 'NOSUCHCO' }));
    await runWorker();
    const signal = await signalOf(owner, signalId);
    expect(signal.status).toBe('rejected');
    expect(signal.reason).toContain('NOSUCHCO');
    expect(await ordersOf(owner, brokerId)).toHaveLength(before);
  });

  it('ignores a queued signal whose bridge turned place-order off before the worker ran, with the reason', async () => {
    const switched = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    const signalId = await sendSignal(switched, order());
    dataOf(await post(owner, '/users/jsonbridge/updatejsonbridgetradingflag', { json_bridge_id: switched.id, og_place_order: false }), jsonBridgeSchema);
    await runWorker();
    expect(await signalOf(owner, signalId)).toMatchObject({ status: 'ignored', reason: 'Placing orders is off for this Json Bridge' });
    expect(await positionsOf(switched)).toEqual([]);
  });

  it("writes the position but enters nothing while the order group's place-order is off (turned off, or its target hit)", async () => {
    const paused = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    dataOf(await post(owner, '/ordermanager/editordergroup', { og_id: paused.ogId, og_place_order: false }), orderGroupSchema);
    const before = (await ordersOf(owner, brokerId)).length;
    const signalId = await sendSignal(paused, order());
    await runWorker();
    const signal = await signalOf(owner, signalId);
    expect(signal.status).toBe('failed');
    expect(signal.results).toEqual([expect.objectContaining({ outcome: 'failed', reason: ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE })]);
    expect(await positionsOf(paused)).toEqual([expect.objectContaining({ op_status: 'WAITING', in_flight: null, attempts: expect.objectContaining({ enter: 0 }) })]);
    expect(await ordersOf(owner, brokerId)).toHaveLength(before);
  });

  it('records the refusal on the position and places nothing when the account has trading off', async () => {
    const offAccount = await tradingPaperAccount(owner);
    dataOf(await post(owner, '/users/broker/updatebrokertradingflag', { broker_id: offAccount, trading_enabled: false }), brokerAccountSchema);
    const refused = await jsonBridgeOn(owner, { target_kind: 'account', target_id: offAccount });
    const signalId = await sendSignal(refused, order());
    await runWorker();
    const signal = await signalOf(owner, signalId);
    expect(signal.results).toEqual([expect.objectContaining({ outcome: 'failed', reason: 'Trading is turned off for this broker account.' })]);
    const [position] = await positionsOf(refused);
    expect(position).toMatchObject({ op_status: 'WAITING', in_flight: null, attempts: { enter: 1 } });
    expect(position?.timeline.at(-1)?.note).toContain('Entry not placed');
    expect(await ordersOf(owner, offAccount)).toEqual([]);
  });

  it('expires a signal picked up past its validity window and never executes it', async () => {
    const late = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    const signalId = randomUUID().replaceAll('-', '').padEnd(64, '0');
    await storeSignal({
      signalId,
      ...ownerOf(owner),
      bridgeKind: 'json',
      bridgeId: late.id,
      receivedAt: new Date(nowMs() - 61_000),
      rawBody: order(),
      contentType: 'application/json',
      source: 'tradingview-json',
      status: 'queued',
      reason: null,
      problems: [],
    });
    await runSignal({ frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: late.id, signal_id: signalId }, jsonBridgePlanner, log, { receiveCount: 1 });
    const signal = await signalOf(owner, signalId);
    expect(signal.status).toBe('expired');
    expect(eventsOf(signal).slice(-2)).toEqual(['picked_up', 'expired']);
    expect(await positionsOf(late)).toEqual([]);
  });

  it("expires by the bridge's own validity window: 10 s late is too late for a 5 s window, in time for the default", async () => {
    const strict = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    const lenient = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
    dataOf(await post(owner, '/users/jsonbridge/updatejsonbridgesecurity', { json_bridge_id: strict.id, signing: 'keep', allowed_ips: [], signal_validity_seconds: 5 }), z.unknown());
    const tenSecondsLate = async (bridgeId: string) => {
      const signalId = randomUUID().replaceAll('-', '').padEnd(64, '0');
      await storeSignal({
        signalId,
        ...ownerOf(owner),
        bridgeKind: 'json',
        bridgeId,
        receivedAt: new Date(nowMs() - 10_000),
        rawBody: order(),
        contentType: 'application/json',
        source: 'tradingview-json',
        status: 'queued',
        reason: null,
        problems: [],
      });
      await runSignal({ frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: bridgeId, signal_id: signalId }, jsonBridgePlanner, log, { receiveCount: 1 });
      return signalOf(owner, signalId);
    };
    expect((await tenSecondsLate(strict.id)).status).toBe('expired');
    expect(await positionsOf(strict)).toEqual([]);
    expect((await tenSecondsLate(lenient.id)).status).toBe('executed');
  });
});

describe('signal worker: a copy-trading group target', () => {
  it('gives every trading child its own position at its multiplier, never the master, and skips a child below one unit', async () => {
    const owner = await createTestUser();
    const [master, big, small] = [await tradingPaperAccount(owner), await tradingPaperAccount(owner), await tradingPaperAccount(owner)];
    const group = await addGroup(ownerOf(owner), { grp_name: 'Followers', trading_enabled: true, place_rejected: false });
    await connectMaster(ownerOf(owner), group.grp_id, master);
    await addChild(ownerOf(owner), group.grp_id, big, { multiplier: 2, trading_enabled: true });
    await addChild(ownerOf(owner), group.grp_id, small, { multiplier: 0.5, trading_enabled: true });
    const bridge = await jsonBridgeOn(owner, { target_kind: 'group', target_id: group.grp_id });

    const signalId = await sendSignal(bridge, order({ quantity: '1' }));
    await runWorker();
    const signal = await signalOf(owner, signalId);
    expect(signal.status).toBe('executed');
    const positions = await positionsOf(bridge);
    expect(positions.map((position) => [position.broker_id, position.quantity, position.op_status])).toEqual([[big, 2, 'OPEN']]);
    expect(signal.results.find((result) => result.broker_id === small)).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/Below one unit/) });
    expect(await ordersOf(owner, master)).toEqual([]);
    expect(await ordersOf(owner, small)).toEqual([]);
    expect(await ordersOf(owner, big)).toHaveLength(1);
  });
});

describe('signal worker: failure, the DLQ mark and the replay', () => {
  let owner: TestUser;
  let brokerId: string;
  let bridge: Bridge;
  beforeAll(async () => {
    owner = await createTestUser();
    brokerId = await tradingPaperAccount(owner);
    bridge = await jsonBridgeOn(owner, { target_kind: 'account', target_id: brokerId });
  });

  it('continues a run that crashed after its broker call on the next delivery, without a second order', async () => {
    const signalId = await sendSignal(bridge, order({ quantity: '4' }));
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    const payload = { frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: bridge.id, signal_id: signalId };
    const before = (await ordersOf(owner, brokerId)).length;
    await expect(runSignal(payload, jsonBridgePlanner, log, { receiveCount: 1 }, { afterEntryOrder: () => Promise.reject(new Error('crash')) })).rejects.toThrow('crash');
    expect((await signalOf(owner, signalId)).status).toBe('queued');
    await runSignal(payload, jsonBridgePlanner, log, { receiveCount: 2 });
    const signal = await signalOf(owner, signalId);
    expect(signal.status).toBe('executed');
    expect(signal.results).toMatchObject([{ outcome: 'entered' }]);
    expect(await ordersOf(owner, brokerId)).toHaveLength(before + 1);
  });

  it('marks a signal failed on its last delivery; a replay executes it once, never placing a second order', async () => {
    const signalId = await sendSignal(bridge, order());
    // Take the message off the queue: the runs below are this test's deliveries.
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    const payload = { frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: bridge.id, signal_id: signalId };
    const crash = { afterEntryOrder: () => Promise.reject(new Error('worker crashed after the broker call')) };

    // The last delivery the queue allows crashes after its broker call: the order exists, the run died.
    await expect(runSignal(payload, jsonBridgePlanner, log, { receiveCount: SIGNAL_QUEUE.maxReceiveCount }, crash)).rejects.toThrow('worker crashed');
    const failed = await signalOf(owner, signalId);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toContain('worker crashed');
    expect(eventsOf(failed)).toContain('error');
    const placed = (await ordersOf(owner, brokerId)).length;

    const stranger = await createTestUser();
    await expect(replaySignal(ownerOf(stranger), signalId, log)).rejects.toMatchObject({ status: 404, message: SIGNAL_NOT_FOUND_MESSAGE });

    const replayed = await replaySignal(ownerOf(owner), signalId, log);
    expect(replayed).toMatchObject({ status: 'queued', can_replay: false });
    expect(await runWorker()).toHaveLength(1);
    const executed = await signalOf(owner, signalId);
    expect(executed.status).toBe('executed');
    expect(eventsOf(executed)).toContain('replayed');
    expect(executed.results).toMatchObject([{ outcome: 'entered' }]);
    expect(await ordersOf(owner, brokerId)).toHaveLength(placed);
    expect(new Set((await ordersOf(owner, brokerId)).map((placedOrder) => placedOrder.order_id))).toContain(executed.results[0]?.order_id);
    await expect(replaySignal(ownerOf(owner), signalId, log)).rejects.toMatchObject({ status: 422, message: SIGNAL_NOT_REPLAYABLE_MESSAGE });
  });

  const queuedSignal = (signalId: string) => ({
    signalId,
    ...ownerOf(owner),
    bridgeKind: 'json' as const,
    bridgeId: bridge.id,
    receivedAt: now(),
    rawBody: order(),
    contentType: 'application/json',
    source: 'tradingview-json' as const,
    status: 'queued' as const,
    reason: null,
    problems: [],
  });

  it("runs a message that came before its signal's store (the webhook sends while it stores) once the store lands", async () => {
    const signalId = randomUUID().replaceAll('-', '').padEnd(64, '0');
    const payload = { frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: bridge.id, signal_id: signalId };
    const before = (await ordersOf(owner, brokerId)).length;
    const storedLater = new Promise((resolve) => setTimeout(resolve, 40)).then(() => storeSignal(queuedSignal(signalId)));
    await runSignal(payload, jsonBridgePlanner, log, { receiveCount: 1 });
    await storedLater;
    expect((await signalOf(owner, signalId)).status).toBe('executed');
    expect(await ordersOf(owner, brokerId)).toHaveLength(before + 1);
  });

  it('delivers again a message whose signal is never stored, drops it on the last delivery, and places nothing', async () => {
    const signalId = randomUUID().replaceAll('-', '').padEnd(64, '0');
    const payload = { frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: bridge.id, signal_id: signalId };
    const before = (await ordersOf(owner, brokerId)).length;
    await expect(runSignal(payload, jsonBridgePlanner, log, { receiveCount: 1 })).rejects.toBeInstanceOf(SignalNotStoredError);
    await expect(runSignal(payload, jsonBridgePlanner, log, { receiveCount: SIGNAL_QUEUE.maxReceiveCount })).resolves.toBeUndefined();
    expect(await getSignal(owner.user.frch_id, owner.user.user_id, signalId)).toBeNull();
    expect(await ordersOf(owner, brokerId)).toHaveLength(before);
  });

  it('lists the caller signals newest first, by bridge and status; another user bridge is 404', async () => {
    const first = await sendSignal(bridge, order());
    const second = await sendSignal(bridge, order({ script: 'NOSUCHCO' }));
    await runWorker();
    const page = await listOwnSignals(ownerOf(owner), { bridge_id: bridge.id, limit: 50 });
    const ids = page.items.map((item) => item.signal_id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(page.items.find((item) => item.signal_id === second)).toMatchObject({ status: 'rejected', bridge_kind: 'json', bridge_name: 'Signals', can_replay: false });
    const rejected = await listOwnSignals(ownerOf(owner), { status: 'rejected', limit: 50 });
    expect(rejected.items.map((item) => item.signal_id)).toEqual([second]);
    const stranger = await createTestUser();
    await expect(listOwnSignals(ownerOf(stranger), { bridge_id: bridge.id, limit: 50 })).rejects.toMatchObject({ status: 404 });
    expect((await listOwnSignals(ownerOf(stranger), { limit: 50 })).items).toEqual([]);
  });
});
