import { randomInt, randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ENV } from '../../shared/config/env-names';
import {
  AUTOMATION_ALREADY_STOPPED_MESSAGE,
  AUTOMATION_NOT_STOPPED_MESSAGE,
  automationStatusSchema,
  franchiseAutomationSchema,
  stopAutomationResponseSchema,
  type AutomationSwitch,
} from '../../shared/contracts/automation';
import { bridgeWithKeySchema } from '../../shared/contracts/bridge';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupBrokerSchema, groupOrderFanOutSchema, groupSchema } from '../../shared/contracts/groups';
import { jsonBridgeSchema, jsonBridgeWithKeySchema } from '../../shared/contracts/jsonbridge';
import { orderGroupSchema, positionOutcomeSchema, positionSchema } from '../../shared/contracts/ordermanager';
import { placedOrderSchema } from '../../shared/contracts/orders';
import { tradingDay } from '../../shared/domain/market-clock';
import { listActivities } from '../../functions/data/activities-repository';
import { automationStopChecks, markUserStopped } from '../../functions/data/automation/automation-stop-repository';
import { userKeys } from '../../functions/data/keys';
import { transact } from '../../functions/data/shared-transactions';
import { dynamo } from '../../functions/platform/clients';
import { createFranchiseIfMissing } from '../../functions/data/franchises-repository';
import { listNotifications } from '../../functions/data/notifications-repository';
import { listAccountOrdersOfDay } from '../../functions/data/orders/order-listing';
import { getSignal, type SignalItem } from '../../functions/data/signals-repository';
import { now } from '../../functions/platform/clock';
import { config, resetConfigForTests } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { runSignal } from '../../functions/signals/execution/run-signal';
import type { SignalPlanner } from '../../functions/signals/execution/signal-planner';
import { jsonBridgePlanner } from '../../functions/signals/json-bridge/json-bridge-planner';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { drainThroughWorker } from '../support/signal-worker-drain';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Kill switches (issue 20): a user's "Stop all automation" and a broker panel's franchise-wide switch,
 * through the real routes, the signal worker and the paper broker. Franchise-wide stops run on a
 * franchise of this file's own (never franchises 1 and 2, which other files share).
 */
const sqsClient = useOwnSignalQueue('kill-switches');
const api = useGateway();

/** Callers of the shared franchise 1 use the default host; callers of this file's franchise its own. */
const hosts = new Map<number, string>();
const post = (who: TestUser, path: string, body: unknown = {}) => api.call('POST', path, { token: who.token, body, ...hostOf(who) });
const get = (who: TestUser, path: string) => api.call('GET', path, { token: who.token, ...hostOf(who) });
function hostOf(who: TestUser): { host?: string } {
  const host = hosts.get(who.user.frch_id);
  return host ? { host } : {};
}
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const runWorker = () => drainThroughWorker(sqsClient);

const status = async (who: TestUser) => dataOf(await get(who, '/users/getautomationstatus'), automationStatusSchema);
const stop = async (who: TestUser, squareOff = false) => dataOf(await post(who, '/users/stopautomation', { square_off: squareOff }), stopAutomationResponseSchema);
const resume = async (who: TestUser) => dataOf(await post(who, '/users/resumeautomation'), automationStatusSchema);

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

interface Bridge {
  readonly id: string;
  readonly key: string;
  readonly ogId: string;
}

async function jsonBridgeOn(who: TestUser, brokerId: string): Promise<Bridge> {
  const added = dataOf(await post(who, '/users/jsonbridge/addjsonbridge', { json_bridge_name: 'Signals' }), jsonBridgeWithKeySchema);
  const group = dataOf(await post(who, '/ordermanager/addordergroup', { og_name: 'Signal orders' }), orderGroupSchema);
  const target = { og_id: group.og_id, target_kind: 'account', target_id: brokerId };
  dataOf(await post(who, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: added.json_bridge_id, ...target }), jsonBridgeSchema);
  return { id: added.json_bridge_id, key: added.webhook_key, ogId: group.og_id };
}

async function sendSignal(who: TestUser, bridge: Bridge): Promise<string> {
  const rawBody = JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: '1', transaction_type: 'BUY', signal_id: randomUUID() });
  const answer = await api.call('POST', `/users/jsonbridge/webhook/${bridge.id}/${bridge.key}`, { rawBody, headers: { 'content-type': 'application/json' }, ...hostOf(who) });
  return dataOf(answer, z.object({ signal_id: z.string() }), 202).signal_id;
}

async function signalOf(who: TestUser, signalId: string): Promise<SignalItem> {
  const signal = await getSignal(who.user.frch_id, who.user.user_id, signalId);
  if (!signal) throw new Error(`signal ${signalId} not stored`);
  return signal;
}

const ordersOf = (who: TestUser, brokerId: string) => listAccountOrdersOfDay(ownerOf(who), brokerId, tradingDay(now()));
const switchOf = (switches: readonly AutomationSwitch[], kind: AutomationSwitch['kind'], id: string) => switches.find((each) => each.kind === kind && each.id === id);

/** Turns a JSON bridge and its order group back on with the calls the bridge and order-manager screens use. */
async function turnBridgeBackOn(who: TestUser, bridge: Bridge): Promise<void> {
  dataOf(await post(who, '/users/jsonbridge/updatejsonbridgetradingflag', { json_bridge_id: bridge.id, og_place_order: true }), jsonBridgeSchema);
  dataOf(await post(who, '/ordermanager/editordergroup', { og_id: bridge.ogId, og_place_order: true }), orderGroupSchema);
}

describe("a user's Stop all automation", () => {
  let owner: TestUser;
  let bystander: TestUser;
  let brokerId: string;
  let bridge: Bridge;
  let bystanderBridge: Bridge;
  beforeAll(async () => {
    [owner, bystander] = await Promise.all([createTestUser(), createTestUser()]);
    [brokerId] = await Promise.all([tradingPaperAccount(owner)]);
    bridge = await jsonBridgeOn(owner, brokerId);
    bystanderBridge = await jsonBridgeOn(bystander, await tradingPaperAccount(bystander));
  });

  it('refuses a signal already queued, with the reason on its timeline, and turns off every switch of that user only', async () => {
    const custom = dataOf(await post(owner, '/users/bridge/adduserbridge', { bridge_name: 'Chartink scans' }), bridgeWithKeySchema);
    const copyGroup = dataOf(await post(owner, '/users/groups/addgroup', { grp_name: 'Family', trading_enabled: true }), groupSchema);
    const queued = await sendSignal(owner, bridge);
    const before = (await ordersOf(owner, brokerId)).length;

    const stopped = await stop(owner);
    expect(stopped).toMatchObject({ stopped: true, stopped_by: 'Test User', franchise_stopped: false, square_off: null });
    expect(stopped.stopped_at).toEqual(expect.any(String));
    const switches = stopped.switches;
    expect(switchOf(switches, 'json_bridge', bridge.id)).toMatchObject({ name: 'Signals', is_on: false });
    expect(switchOf(switches, 'order_group', bridge.ogId)).toMatchObject({ is_on: false });
    expect(switchOf(switches, 'custom_bridge', custom.bridge_id)).toMatchObject({ name: 'Chartink scans', is_on: false });
    expect(switchOf(switches, 'copy_group', copyGroup.grp_id)).toMatchObject({ name: 'Family', is_on: false });
    // The custom bridge's own order group follows its bridge: listed once, under the bridge.
    expect(switches.filter((each) => each.kind === 'order_group' && each.id === custom.og_id)).toEqual([]);

    await runWorker();
    const signal = await signalOf(owner, queued);
    expect(signal.status).toBe('rejected');
    expect(signal.reason).toMatch(/^Automation is stopped for your account \(since .+ IST\)\. Resume it on the dashboard\.$/);
    expect(signal.timeline.at(-1)).toMatchObject({ event: 'rejected', note: signal.reason });
    expect(await ordersOf(owner, brokerId)).toHaveLength(before);

    // The bystander's bridge still trades.
    const theirs = await sendSignal(bystander, bystanderBridge);
    await runWorker();
    expect((await signalOf(bystander, theirs)).status).toBe('executed');
    expect(switchOf((await status(bystander)).switches, 'json_bridge', bystanderBridge.id)).toBeUndefined();

    const { items: activities } = await listActivities(owner.user.frch_id, owner.user.user_id, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 50 });
    expect(activities.map((activity) => activity.action)).toContain('Stopped all automation');
    const { items: notices } = await listNotifications(owner.user.frch_id, owner.user.user_id, { offset: 0, limit: 10 });
    expect(notices.find((notice) => notice.notify_type === 'Automation')?.notified_message).toMatch(/^All automation is stopped/);
  });

  it('refuses an automated order in the order path itself while stopped, even with its switch turned back on; manual orders still go', async () => {
    const group = dataOf(await post(owner, '/ordermanager/addordergroup', { og_name: 'Manual picks' }), orderGroupSchema);
    const position = dataOf(await post(owner, '/ordermanager/addposition', { og_id: group.og_id, broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', product: 'DELIVERY', quantity: 1 }), positionSchema);
    const before = (await ordersOf(owner, brokerId)).length;
    const outcome = dataOf(await post(owner, '/ordermanager/enterposition', { og_id: group.og_id, op_id: position.op_id }), positionOutcomeSchema);
    expect(outcome.order_id).toBeNull();
    expect(outcome.reason).toMatch(/^Automation is stopped for your account/);
    expect(await ordersOf(owner, brokerId)).toHaveLength(before);

    const manual = { broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `key-${randomUUID()}` };
    const placed = dataOf(await post(owner, '/users/broker/direct/placeorder', manual), placedOrderSchema).order;
    expect(placed.origin).toBe('manual');
    expect(['completed', 'pending']).toContain(placed.status);
  });

  it('answers 409 to a second stop, and after resume lets the next signal through once the switches are back on', async () => {
    expectError(await post(owner, '/users/stopautomation', {}), 409, AUTOMATION_ALREADY_STOPPED_MESSAGE);
    const resumed = await resume(owner);
    expect(resumed).toMatchObject({ stopped: false, stopped_at: null, stopped_by: null });
    // The switches stay off until turned back on one by one.
    expect(switchOf(resumed.switches, 'json_bridge', bridge.id)).toMatchObject({ is_on: false });
    expectError(await post(owner, '/users/resumeautomation'), 409, AUTOMATION_NOT_STOPPED_MESSAGE);

    const whileOff = await sendSignal(owner, bridge);
    await runWorker();
    expect((await signalOf(owner, whileOff)).status).toBe('ignored');

    await turnBridgeBackOn(owner, bridge);
    const after = await status(owner);
    expect(switchOf(after.switches, 'json_bridge', bridge.id)).toMatchObject({ is_on: true });
    expect(switchOf(after.switches, 'order_group', bridge.ogId)).toMatchObject({ is_on: true });
    const next = await sendSignal(owner, bridge);
    await runWorker();
    expect((await signalOf(owner, next)).status).toBe('executed');
  });

  it('squares off every open position when asked', async () => {
    const trader = await createTestUser();
    const account = await tradingPaperAccount(trader);
    const manual = { broker_id: account, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 2, idempotency_key: `key-${randomUUID()}` };
    dataOf(await post(trader, '/users/broker/direct/placeorder', manual), placedOrderSchema);
    const stopped = await stop(trader, true);
    expect(stopped.square_off).toEqual({ orders_placed: 1, failures: [] });
    const orders = await ordersOf(trader, account);
    expect(orders.filter((order) => order.transaction_type === 'SELL')).toEqual([expect.objectContaining({ origin: 'manual', quantity: 2 })]);
  });

  it('refuses the entry in the order path itself when the stop comes after the signal was picked up', async () => {
    const racer = await createTestUser();
    const account = await tradingPaperAccount(racer);
    const racerBridge = await jsonBridgeOn(racer, account);
    const signalId = await sendSignal(racer, racerBridge);
    // This test is the signal's delivery: its message leaves the queue unrun.
    const { Messages = [] } = await sqsClient.send(new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    // The stop lands while the run plans, after its early check: only the intent's transaction can catch it.
    const stoppedWhilePlanning: SignalPlanner = {
      ...jsonBridgePlanner,
      decide: async (...args) => {
        expect(await markUserStopped(ownerOf(racer), 'Test User', now())).toBe(true);
        return jsonBridgePlanner.decide(...args);
      },
    };
    const payload = { frch_id: racer.user.frch_id, user_id: racer.user.user_id, bridge_id: racerBridge.id, signal_id: signalId };
    await runSignal(payload, stoppedWhilePlanning, createLogger({ test: 'kill-switches' }, 'error'), { receiveCount: 1 });

    const signal = await signalOf(racer, signalId);
    expect(signal.status).toBe('failed');
    expect(signal.results).toEqual([expect.objectContaining({ outcome: 'failed', order_id: null, reason: expect.stringMatching(/^Automation is stopped for your account/) })]);
    expect(await ordersOf(racer, account)).toEqual([]);
  });

  it("refuses a copy-trading fan-out's orders while stopped, even with the group's trading turned back on", async () => {
    const copier = await createTestUser();
    const [first, second] = [await tradingPaperAccount(copier), await tradingPaperAccount(copier)];
    const group = dataOf(await post(copier, '/users/groups/addgroup', { grp_name: 'Copiers', trading_enabled: true }), groupSchema);
    for (const brokerId of [first, second]) dataOf(await post(copier, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: brokerId, multiplier: 1 }), groupBrokerSchema);
    await stop(copier);
    dataOf(await post(copier, '/users/groups/updategrouptradingflag', { group_id: group.grp_id, trading_enabled: true }), groupSchema);

    const ticket = { group_id: group.grp_id, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `group-${randomUUID()}` };
    const answer = dataOf(await post(copier, '/users/broker/group/placeorder', ticket), groupOrderFanOutSchema);
    expect(answer.targets).toHaveLength(2);
    for (const target of answer.targets) expect(target).toMatchObject({ order: null, reason: expect.stringMatching(/^Automation is stopped for your account/) });
    expect([...(await ordersOf(copier, first)), ...(await ordersOf(copier, second))]).toEqual([]);
  });

  it('refuses bad input with 400', async () => {
    expectError(await post(owner, '/users/stopautomation', { square_off: 'yes' }), 400);
    expectError(await post(owner, '/users/stopautomation', { square_off: true, everything: true }), 400);
    expect((await status(owner)).stopped).toBe(false);
  });
});

describe("a broker panel's franchise-wide switch", () => {
  // A range no other test file draws from, so the franchise (and its user count) is this file's alone.
  const frchId = 2_000_000 + randomInt(0, 1_000_000);
  let panel: TestUser;
  let trader: TestUser;
  let plain: TestUser;
  let brokerId: string;
  let bridge: Bridge;
  beforeAll(async () => {
    const host = `kill-${frchId}.localhost`;
    const known = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
    process.env[ENV.franchiseHosts] = JSON.stringify({ ...known, [host]: frchId });
    resetConfigForTests();
    hosts.set(frchId, host);
    await createFranchiseIfMissing(frchId, `Kill switch ${frchId}`);
    [panel, trader, plain] = await Promise.all([createTestUser({ frchId, roles: { is_brokerpanel: true } }), createTestUser({ frchId }), createTestUser({ frchId })]);
    brokerId = await tradingPaperAccount(trader);
    bridge = await jsonBridgeOn(trader, brokerId);
  });

  it('is refused with 403 to a user who is not a broker panel', async () => {
    expectError(await post(plain, '/users/stopfranchiseautomation'), 403);
    expectError(await post(plain, '/users/resumefranchiseautomation'), 403);
  });

  it("stops another user's signal already queued, turns their switches off and tells them; resume lifts it", async () => {
    const queued = await sendSignal(trader, bridge);
    const before = (await ordersOf(trader, brokerId)).length;
    const stopped = dataOf(await post(panel, '/users/stopfranchiseautomation'), franchiseAutomationSchema);
    expect(stopped).toMatchObject({ franchise_stopped: true, users: 3 });
    expectError(await post(panel, '/users/stopfranchiseautomation'), 409);

    await runWorker();
    const signal = await signalOf(trader, queued);
    expect(signal.status).toBe('rejected');
    expect(signal.reason).toMatch(/^Automation is stopped for every account of your broker panel/);
    expect(signal.timeline.at(-1)).toMatchObject({ event: 'rejected', note: signal.reason });
    expect(await ordersOf(trader, brokerId)).toHaveLength(before);

    const seen = await status(trader);
    expect(seen).toMatchObject({ stopped: false, franchise_stopped: true });
    expect(switchOf(seen.switches, 'json_bridge', bridge.id)).toMatchObject({ is_on: false });
    const { items: notices } = await listNotifications(frchId, trader.user.user_id, { offset: 0, limit: 10 });
    expect(notices.map((notice) => notice.notified_message)).toContainEqual(expect.stringMatching(/^Your broker panel has stopped all automation/));
    const { items: activities } = await listActivities(frchId, panel.user.user_id, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 10 });
    expect(activities.map((activity) => activity.action)).toContain('Stopped automation for the whole broker panel');
    const { items: theirActivities } = await listActivities(frchId, trader.user.user_id, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 50 });
    expect(theirActivities.map((activity) => activity.action)).toContain('Automation stopped by your broker panel');

    // A switch turned back on does not lift the franchise's stop: the order path still refuses.
    await turnBridgeBackOn(trader, bridge);
    const held = await sendSignal(trader, bridge);
    await runWorker();
    expect((await signalOf(trader, held)).status).toBe('rejected');

    const resumed = dataOf(await post(panel, '/users/resumefranchiseautomation'), franchiseAutomationSchema);
    expect(resumed).toMatchObject({ franchise_stopped: false, franchise_stopped_at: null, users: 3 });
    const next = await sendSignal(trader, bridge);
    await runWorker();
    expect((await signalOf(trader, next)).status).toBe('executed');
  });
});

describe('the guard inside shared transactions', () => {
  it('sends the markers\' checks once for orders committed together, and refuses each of them when a stop holds', async () => {
    const trader = await createTestUser();
    const owner = ownerOf(trader);
    const intentOf = () => [{ Put: { TableName: config().tableName, Item: { PK: userKeys.partition(owner.frchId, owner.userId), SK: `TEST#${randomUUID()}` } } }, ...automationStopChecks(owner)];
    const send = vi.spyOn(dynamo(), 'send');
    try {
      expect(await Promise.all([transact(intentOf()), transact(intentOf()), transact(intentOf())])).toEqual([[], [], []]);
      const shared = send.mock.calls.map(([command]) => command).filter((command) => command instanceof TransactWriteCommand);
      expect(shared.map((command) => command.input.TransactItems?.length)).toEqual([3 + 2]);

      expect(await markUserStopped(owner, 'Test User', now())).toBe(true);
      expect(await Promise.all([transact(intentOf()), transact(intentOf())])).toEqual([[1], [1]]);
    } finally {
      send.mockRestore();
    }
  });
});

