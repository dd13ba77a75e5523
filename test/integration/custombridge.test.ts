import { createHash } from 'node:crypto';
import { now as clockNow } from '../../functions/platform/clock';
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import {
  BRIDGE_HAS_OPEN_POSITIONS_MESSAGE,
  BRIDGE_NOT_FOUND_MESSAGE,
  bridgeSchema,
  bridgeTriggersSchema,
  bridgeWithKeySchema,
  MAX_TRIGGERS_PER_DIRECTION,
  TRIGGER_NOT_FOUND_MESSAGE,
  triggerSchema,
} from '../../shared/contracts/bridge';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { groupSchema } from '../../shared/contracts/groups';
import { ORDER_GROUP_OWNED_BY_BRIDGE_MESSAGE, orderGroupSchema, positionOutcomeSchema, positionSchema } from '../../shared/contracts/ordermanager';
import { customBridgeKeys, rateLimitKeys, signalKeys, userKeys } from '../../functions/data/keys';
import { getSignal } from '../../functions/data/signals-repository';
import { resolveBridgeKey } from '../../functions/bridge/webhook-key';
import { CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey } from '../../functions/bridge/webhook-rate-rule';
import { BRIDGE_DISCONNECTED_REASON, BRIDGE_TRADING_OFF_REASON } from '../../functions/signals/custom-bridge/signal-ignore-reason';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { currentWindow } from '../../functions/limits/fixed-window';
import { CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND, signalPayloadSchema } from '../../functions/signals/queue/signal-message';
import { queueMessageSchema } from '../../functions/signals/queue/queue-message';
import { capturedLogs } from '../support/integration-env';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf, expectError } from '../support/api-answers';

/** A queue of this file's own, so no other test file's poller or drain sees these messages (nor these theirs). */
const engines = inject('engines');
const sqsClient = useOwnSignalQueue('custombridge');

const api = useGateway();
const UNKNOWN_ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const TEXT_TYPE = { 'content-type': 'text/plain' };
const post = (who: TestUser, call: string, body: unknown) => api.call('POST', `/users/bridge/${call}`, { token: who.token, body });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const addBridge = async (who: TestUser, name = 'Nifty momentum') => dataOf(await post(who, 'adduserbridge', { bridge_name: name }), bridgeWithKeySchema.strict());
const bridgeById = async (who: TestUser, id: string) => dataOf(await post(who, 'getuserbridgebyid', { bridge_id: id }), bridgeSchema.strict());
const triggersOf = async (who: TestUser, id: string) => dataOf(await post(who, 'getbridgetriggers', { bridge_id: id }), bridgeTriggersSchema.strict());
const orderGroupsOf = async (who: TestUser) => dataOf(await api.call('GET', '/ordermanager/getordergroups', { token: who.token }), z.array(orderGroupSchema));

async function paperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await api.call('POST', '/users/broker/connectbroker', { token: who.token, body: { broker: 'paper' } }), z.object({ account: brokerAccountSchema }));
  dataOf(await api.call('POST', '/users/broker/updatebrokertradingflag', { token: who.token, body: { broker_id: account.broker_id, trading_enabled: true } }), brokerAccountSchema);
  return account.broker_id;
}

const copyGroup = async (who: TestUser) => dataOf(await api.call('POST', '/users/groups/addgroup', { token: who.token, body: { grp_name: 'Family accounts' } }), groupSchema);

/** An EQUITY trigger on an account; `extra` changes or adds fields. */
const equityTrigger = (bridgeId: string, brokerId: string, extra: Record<string, unknown> = {}) => ({
  bridge_id: bridgeId,
  direction: 'UP',
  target_kind: 'account',
  target_id: brokerId,
  script_type: 'EQUITY',
  script: 'sbin',
  product: 'INTRADAY',
  quantity: 2,
  ...extra,
});
const addTrigger = async (who: TestUser, body: Record<string, unknown>) => dataOf(await post(who, 'addbridgetrigger', body), triggerSchema.strict());
const prioritiesOf = (triggers: readonly { trigger_id: string; priority: number }[]) => triggers.map((trigger) => [trigger.trigger_id, trigger.priority]);

const sendSignal = (key: string, rawBody: string, headers: Record<string, string> = TEXT_TYPE) => api.call('POST', `/users/bridge/webhook/${key}`, { rawBody, headers });
const signalIdOfAnswer = (answer: ApiAnswer) => dataOf(answer, z.object({ signal_id: z.string() }).strict(), 202).signal_id;

/** Every message now on this file's queue, removed from it. */
async function drainQueue(): Promise<Message[]> {
  const drained: Message[] = [];
  for (;;) {
    const { Messages = [] } = await sqsClient.send(
      new ReceiveMessageCommand({ QueueUrl: config().signalQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, AttributeNames: ['All'] }),
    );
    if (Messages.length === 0) return drained;
    for (const message of Messages) await sqsClient.send(new DeleteMessageCommand({ QueueUrl: config().signalQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    drained.push(...Messages);
  }
}

async function storedSignalCount(owner: TestUser): Promise<number> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(owner.user.frch_id, owner.user.user_id), ':prefix': signalKeys.prefix },
      ConsistentRead: true,
    }),
  );
  return Items.length;
}

/** Everything stored in the user's partition and the key's lookup, as text. */
async function storedText(who: TestUser, key: string): Promise<string> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName: config().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id) } }),
  );
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: customBridgeKeys.webhookLookup(who.user.frch_id, sha256(key)) }));
  return JSON.stringify([Items, Item]);
}

describe('bridge: custom bridges, their order group and webhook key', () => {
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
  });

  it('adds an unconnected bridge, trading on, zero figures, with its own order group, and answers its key once', async () => {
    const added = await addBridge(owner, '  Nifty momentum  ');
    expect(added).toMatchObject({
      bridge_name: 'Nifty momentum',
      is_connected: false,
      trading_enabled: true,
      overall_pnl: 0,
      today_pnl: 0,
      today_signal_count: 0,
      open_positions_count: 0,
      up_trigger_count: 0,
      down_trigger_count: 0,
    });
    expect(added.webhook_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.webhook_path).toBe(`/api/v4/users/bridge/webhook/${added.webhook_key}`);

    const { webhook_key: key, webhook_path: _path, ...bridge } = added;
    expect(await bridgeById(owner, added.bridge_id)).toEqual(bridge);
    expect(dataOf(await api.call('GET', '/users/bridge/getuserbridge', { token: owner.token }), z.array(bridgeSchema.strict()))).toContainEqual(bridge);
    const group = (await orderGroupsOf(owner)).find((candidate) => candidate.og_id === added.og_id);
    expect(group).toMatchObject({ og_name: 'Nifty momentum positions', og_place_order: true, position_data: [] });

    const stored = await storedText(owner, key);
    expect(stored).not.toContain(key);
    expect(stored).toContain(sha256(key));
    expect(await resolveBridgeKey(owner.user.frch_id, key)).toMatchObject({ user_id: owner.user.user_id, bridge_id: added.bridge_id });
  });

  it.each([
    ['a missing name', {}],
    ['a blank name', { bridge_name: '   ' }],
    ['a name over 50 characters', { bridge_name: 'x'.repeat(51) }],
    ['a field the call does not take', { bridge_name: 'x', trading_enabled: false }],
  ])('refuses to add with %s (400)', async (_, body) => {
    expectError(await post(owner, 'adduserbridge', body), 400);
  });

  it('renames, connects, disconnects and switches trading (the order group follows), and nothing else', async () => {
    const { webhook_key: _key, webhook_path: _path, ...added } = await addBridge(owner);
    const renamed = dataOf(await post(owner, 'updatebridgename', { bridge_id: added.bridge_id, bridge_name: 'Bank nifty' }), bridgeSchema.strict());
    expect(renamed).toEqual({ ...added, bridge_name: 'Bank nifty', updated_at: renamed.updated_at });
    expect(dataOf(await post(owner, 'userbridgeconnection', { bridge_id: added.bridge_id }), bridgeSchema)).toMatchObject({ is_connected: true, trading_enabled: true });
    expect(dataOf(await post(owner, 'userbridgedisconnect', { bridge_id: added.bridge_id }), bridgeSchema)).toMatchObject({ is_connected: false });

    const off = dataOf(await post(owner, 'updatebridgetradingflag', { bridge_id: added.bridge_id, trading_enabled: false }), bridgeSchema.strict());
    expect(off).toMatchObject({ bridge_name: 'Bank nifty', trading_enabled: false, is_connected: false });
    expect((await orderGroupsOf(owner)).find((group) => group.og_id === added.og_id)?.og_place_order).toBe(false);
    dataOf(await post(owner, 'updatebridgetradingflag', { bridge_id: added.bridge_id, trading_enabled: true }), bridgeSchema);
    expect((await orderGroupsOf(owner)).find((group) => group.og_id === added.og_id)?.og_place_order).toBe(true);
    expect(await bridgeById(owner, added.bridge_id)).toMatchObject({ trading_enabled: true, bridge_name: 'Bank nifty' });
  });

  it.each([
    ['updatebridgename', { bridge_name: '' }],
    ['updatebridgetradingflag', { trading_enabled: 'yes' }],
    ['updatebridgetradingflag', {}],
    ['getuserbridgebyid', { extra: 1 }],
    ['placebridgeorder', { direction: 'SIDEWAYS', idempotency_key: 'manual-key-1' }],
    ['placebridgeorder', { direction: 'UP' }],
    ['updatetriggerspriorities', { direction: 'UP', trigger_ids: [] }],
  ])('refuses %s with bad input %j (400)', async (call, extra) => {
    const { bridge_id } = await addBridge(owner);
    expectError(await post(owner, call, { bridge_id, ...extra }), 400);
  });

  it.each(['getuserbridgebyid', 'userbridgeconnection', 'userbridgedisconnect', 'resetbridgekey', 'removeuserbridge', 'getbridgetriggers', 'getbridgepositions'])(
    '%s: a malformed id is 400, an unknown one 404',
    async (call) => {
      expectError(await post(owner, call, { bridge_id: 'nope' }), 400);
      expectError(await post(owner, call, { bridge_id: UNKNOWN_ULID }), 404, BRIDGE_NOT_FOUND_MESSAGE);
    },
  );

  it("answers 404 for another user's bridge and trigger, and leaves them as they were", async () => {
    const account = await paperAccount(owner);
    const strangersAccount = await paperAccount(stranger);
    const { webhook_key: key, webhook_path: _path, ...bridge } = await addBridge(owner);
    const trigger = await addTrigger(owner, equityTrigger(bridge.bridge_id, account));
    const before = await bridgeById(owner, bridge.bridge_id);
    const byId = { bridge_id: bridge.bridge_id };
    const byTrigger = { ...byId, trigger_id: trigger.trigger_id };
    for (const [call, body] of [
      ['getuserbridgebyid', byId],
      ['updatebridgename', { ...byId, bridge_name: 'Mine now' }],
      ['updatebridgetradingflag', { ...byId, trading_enabled: false }],
      ['userbridgeconnection', byId],
      ['userbridgedisconnect', byId],
      ['resetbridgekey', byId],
      ['getbridgetriggers', byId],
      ['addbridgetrigger', equityTrigger(bridge.bridge_id, strangersAccount)],
      ['updatebridgetrigger', { ...byTrigger, quantity: 9 }],
      ['removebridgetrigger', byTrigger],
      ['updatetriggerspriorities', { ...byId, direction: 'UP', trigger_ids: [trigger.trigger_id] }],
      ['placebridgeorder', { ...byId, direction: 'UP', idempotency_key: 'stranger-key-1' }],
      ['getbridgepositions', byId],
      ['removeuserbridge', byId],
    ] as const) {
      expectError(await post(stranger, call, body), 404, BRIDGE_NOT_FOUND_MESSAGE);
    }
    expect(before).toMatchObject({ ...bridge, up_trigger_count: 1, updated_at: expect.any(String) });
    expect(await bridgeById(owner, bridge.bridge_id)).toEqual(before);
    expect((await triggersOf(owner, bridge.bridge_id)).up_triggers).toEqual([trigger]);
    expect(await resolveBridgeKey(owner.user.frch_id, key)).not.toBeNull();
    expect(await storedSignalCount(owner)).toBe(0);
  });

  it('refuses a reset key at once, and a removed bridge, even on a runtime that just took the old key', async () => {
    const first = await addBridge(owner);
    dataOf(await post(owner, 'userbridgeconnection', { bridge_id: first.bridge_id }), bridgeSchema);
    // Taken twice: the second answer comes from this runtime's remembered owner (no lookup read).
    signalIdOfAnswer(await sendSignal(first.webhook_key, 'BUY'));
    signalIdOfAnswer(await sendSignal(first.webhook_key, 'SELL'));
    const second = dataOf(await post(owner, 'resetbridgekey', { bridge_id: first.bridge_id }), bridgeWithKeySchema.strict());
    expectError(await sendSignal(first.webhook_key, 'EXIT'), 401);
    signalIdOfAnswer(await sendSignal(second.webhook_key, 'BUY'));
    signalIdOfAnswer(await sendSignal(second.webhook_key, 'SELL'));
    dataOf(await post(owner, 'removeuserbridge', { bridge_id: first.bridge_id }), z.unknown());
    expectError(await sendSignal(second.webhook_key, 'EXIT'), 401);
    await drainQueue();
  });

  it('resets the key: the old URL answers 401 at once, the new one is taken, the bridge is unchanged', async () => {
    const first = await addBridge(owner);
    dataOf(await post(owner, 'userbridgeconnection', { bridge_id: first.bridge_id }), bridgeSchema);
    const second = dataOf(await post(owner, 'resetbridgekey', { bridge_id: first.bridge_id }), bridgeWithKeySchema.strict());
    expect(second.webhook_key).not.toBe(first.webhook_key);
    expect(second).toMatchObject({ bridge_id: first.bridge_id, bridge_name: first.bridge_name, is_connected: true, trading_enabled: true });
    expect(second.webhook_path).toBe(`/api/v4/users/bridge/webhook/${second.webhook_key}`);

    expectError(await sendSignal(first.webhook_key, 'BUY'), 401);
    signalIdOfAnswer(await sendSignal(second.webhook_key, 'BUY'));
    const stored = await storedText(owner, first.webhook_key);
    expect(stored).not.toContain(sha256(first.webhook_key));
    expect(stored).not.toContain(second.webhook_key);
    expect(Object.keys(await bridgeById(owner, first.bridge_id))).not.toContain('webhook_key');
    await drainQueue();
  });

  it('deletes the bridge with its triggers, key and order group', async () => {
    const account = await paperAccount(owner);
    const added = await addBridge(owner);
    await addTrigger(owner, equityTrigger(added.bridge_id, account));
    expect(dataOf(await post(owner, 'removeuserbridge', { bridge_id: added.bridge_id }), z.object({ bridge_id: z.string() }))).toEqual({ bridge_id: added.bridge_id });

    expectError(await post(owner, 'getuserbridgebyid', { bridge_id: added.bridge_id }), 404);
    expectError(await post(owner, 'removeuserbridge', { bridge_id: added.bridge_id }), 404);
    expect(await resolveBridgeKey(owner.user.frch_id, added.webhook_key)).toBeNull();
    expect((await orderGroupsOf(owner)).map((group) => group.og_id)).not.toContain(added.og_id);
    expect(await storedText(owner, added.webhook_key)).not.toContain(added.bridge_id);
  });

  it('refuses to delete a bridge while one of its positions is OPEN (422), and deletes it once exited', async () => {
    const account = await paperAccount(owner);
    const added = await addBridge(owner);
    const position = dataOf(
      await api.call('POST', '/ordermanager/addposition', {
        token: owner.token,
        body: { og_id: added.og_id, broker_id: account, script_id: 'NSE:SBIN', transaction_type: 'BUY', product: 'INTRADAY', quantity: 1 },
      }),
      positionSchema,
    );
    const byPosition = { og_id: added.og_id, op_id: position.op_id };
    expect(dataOf(await api.call('POST', '/ordermanager/enterposition', { token: owner.token, body: byPosition }), positionOutcomeSchema).outcome).toBe('done');

    expectError(await post(owner, 'removeuserbridge', { bridge_id: added.bridge_id }), 422, BRIDGE_HAS_OPEN_POSITIONS_MESSAGE);
    expect(await bridgeById(owner, added.bridge_id)).toMatchObject({ open_positions_count: 1 });
    dataOf(await api.call('POST', '/ordermanager/markasexitedposition', { token: owner.token, body: byPosition }), positionOutcomeSchema);
    dataOf(await post(owner, 'removeuserbridge', { bridge_id: added.bridge_id }), z.object({ bridge_id: z.string() }));
    expect((await orderGroupsOf(owner)).map((group) => group.og_id)).not.toContain(added.og_id);
  });

  it("lists the bridge's order group as the bridge's and refuses to delete it on its own (422): it goes with the bridge", async () => {
    const added = await addBridge(owner, 'Owned group');
    expect((await orderGroupsOf(owner)).find((group) => group.og_id === added.og_id)).toMatchObject({ bridge_id: added.bridge_id });
    const refused = await api.call('POST', '/ordermanager/deleteordergroup', { token: owner.token, body: { og_id: added.og_id } });
    expectError(refused, 422, ORDER_GROUP_OWNED_BY_BRIDGE_MESSAGE);
    expect((await orderGroupsOf(owner)).map((group) => group.og_id)).toContain(added.og_id);
  });
});

describe('bridge: triggers', () => {
  let owner: TestUser;
  let stranger: TestUser;
  let account: string;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
    account = await paperAccount(owner);
  });

  it('adds triggers last in their direction, with defaults, and lists them by direction in priority order', async () => {
    const bridge = await addBridge(owner);
    const group = await copyGroup(owner);
    const first = await addTrigger(owner, equityTrigger(bridge.bridge_id, account));
    const second = await addTrigger(owner, {
      bridge_id: bridge.bridge_id,
      direction: 'UP',
      target_kind: 'group',
      target_id: group.grp_id,
      script_type: 'OPTION',
      option_base: 'INDEX',
      script: 'NIFTY',
      strike_offset: 1,
      expiry_type: 'weekly',
      product: 'INTRADAY',
      quantity: 1,
      entry_type: 'CANDLE',
      entry_direction: 'ABOVE',
      entry_price: 120,
      candle_timeframe: 5,
      is_sl: true,
      sl_type: 'PERCENTAGE',
      sl_value: 20,
      exit_opposite: true,
    });
    const down = await addTrigger(owner, { ...equityTrigger(bridge.bridge_id, account), direction: 'DOWN', script_type: 'FUTURE', script: 'NIFTY', expiry_type: 'monthly' });

    expect(first).toMatchObject({
      direction: 'UP',
      priority: 1,
      script: 'SBIN',
      target_kind: 'account',
      target_id: account,
      target_name: expect.stringContaining('Paper'),
      order_type: 'MARKET',
      entry_type: 'DIRECT',
      transaction_type: null,
      option_side: null,
      strike_offset: 0,
      expiry_gap: 0,
      exit_opposite: false,
      is_tgt: false,
      is_sl: false,
    });
    expect(second).toMatchObject({ priority: 2, target_kind: 'group', target_name: 'Family accounts', candle_timeframe: 5, exit_opposite: true });
    expect(down).toMatchObject({ direction: 'DOWN', priority: 1 });

    const listed = await triggersOf(owner, bridge.bridge_id);
    expect(listed.up_triggers).toEqual([first, second]);
    expect(listed.down_triggers).toEqual([down]);
    expect(listed.bridge_data).toMatchObject({ bridge_id: bridge.bridge_id, up_trigger_count: 2, down_trigger_count: 1 });
  });

  it.each([
    ['an OPTION without an expiry type', { script_type: 'OPTION', option_base: 'INDEX', script: 'NIFTY' }, 'expiry_type'],
    ['an OPTION without an option base', { script_type: 'OPTION', script: 'NIFTY', expiry_type: 'weekly' }, 'option_base'],
    ['an EQUITY with a strike offset', { strike_offset: 2 }, 'strike_offset'],
    ['a weekly FUTURE', { script_type: 'FUTURE', script: 'NIFTY', expiry_type: 'weekly' }, 'expiry_type'],
    ['an LTP entry without its price', { entry_type: 'LTP', entry_direction: 'ABOVE' }, 'entry_price'],
    ['a CANDLE entry on a 4-minute candle', { entry_type: 'CANDLE', entry_direction: 'ABOVE', entry_price: 100, candle_timeframe: 4 }, 'candle_timeframe'],
    ['a target without its value', { is_tgt: true, tgt_type: 'POINT' }, 'tgt_value'],
    ['a stop-loss direction without a stop-loss', { sl_direction: 'BELOW' }, 'sl_direction'],
    ['a trailing stop-loss without a stop-loss', { is_trail_set: true, trail_type: 'POINT', trail_trigger: 0, trail_gap: 2, trail_point: 1 }, 'is_trail_set'],
    ['a NONE direction', { direction: 'NONE' }, 'direction'],
    ['a quantity of 0', { quantity: 0 }, 'quantity'],
    ['a script that is not a symbol', { script: '12 SBIN' }, 'script'],
    ['a field the call does not take', { og_id: UNKNOWN_ULID }, '(body)'],
  ])('refuses a trigger with %s (400)', async (_, extra, path) => {
    const bridge = await addBridge(owner);
    const error = expectError(await post(owner, 'addbridgetrigger', equityTrigger(bridge.bridge_id, account, extra)), 400);
    expect(error.details?.map((detail) => detail.path)).toContain(path);
    expect((await triggersOf(owner, bridge.bridge_id)).up_triggers).toEqual([]);
  });

  it("refuses another user's or an unknown account or group as the target with 404", async () => {
    const bridge = await addBridge(owner);
    const strangersAccount = await paperAccount(stranger);
    const strangersGroup = await copyGroup(stranger);
    expectError(await post(owner, 'addbridgetrigger', equityTrigger(bridge.bridge_id, strangersAccount)), 404);
    expectError(await post(owner, 'addbridgetrigger', equityTrigger(bridge.bridge_id, strangersGroup.grp_id, { target_kind: 'group' })), 404);
    expectError(await post(owner, 'addbridgetrigger', equityTrigger(bridge.bridge_id, UNKNOWN_ULID)), 404);
    const trigger = await addTrigger(owner, equityTrigger(bridge.bridge_id, account));
    expectError(await post(owner, 'updatebridgetrigger', { bridge_id: bridge.bridge_id, trigger_id: trigger.trigger_id, target_id: strangersAccount }), 404);
    expect((await triggersOf(owner, bridge.bridge_id)).up_triggers).toEqual([trigger]);
  });

  it('updates the named fields, checks the merged template whole, and keeps direction and priority', async () => {
    const bridge = await addBridge(owner);
    await addTrigger(owner, equityTrigger(bridge.bridge_id, account));
    const trigger = await addTrigger(owner, equityTrigger(bridge.bridge_id, account));
    const byTrigger = { bridge_id: bridge.bridge_id, trigger_id: trigger.trigger_id };

    const updated = dataOf(await post(owner, 'updatebridgetrigger', { ...byTrigger, quantity: 7, is_tgt: true, tgt_type: 'POINT', tgt_value: 5 }), triggerSchema.strict());
    expect(updated).toEqual({ ...trigger, quantity: 7, is_tgt: true, tgt_type: 'POINT', tgt_value: 5, updated_at: updated.updated_at });

    expectError(await post(owner, 'updatebridgetrigger', { ...byTrigger, script_type: 'OPTION' }), 400);
    expectError(await post(owner, 'updatebridgetrigger', { ...byTrigger, tgt_value: null }), 400);
    expectError(await post(owner, 'updatebridgetrigger', byTrigger), 400);
    expectError(await post(owner, 'updatebridgetrigger', { ...byTrigger, direction: 'DOWN' }), 400);
    expectError(await post(owner, 'updatebridgetrigger', { ...byTrigger, trigger_id: UNKNOWN_ULID, quantity: 3 }), 404, TRIGGER_NOT_FOUND_MESSAGE);
    expect((await triggersOf(owner, bridge.bridge_id)).up_triggers[1]).toEqual(updated);
  });

  it("answers 404 for a trigger of the caller's other bridge", async () => {
    const one = await addBridge(owner);
    const other = await addBridge(owner);
    const trigger = await addTrigger(owner, equityTrigger(one.bridge_id, account));
    expectError(await post(owner, 'updatebridgetrigger', { bridge_id: other.bridge_id, trigger_id: trigger.trigger_id, quantity: 3 }), 404, TRIGGER_NOT_FOUND_MESSAGE);
    expectError(await post(owner, 'removebridgetrigger', { bridge_id: other.bridge_id, trigger_id: trigger.trigger_id }), 404, TRIGGER_NOT_FOUND_MESSAGE);
  });

  it('renumbers the rest of the direction from 1 after a delete, leaving the other direction alone (spec §4)', async () => {
    const bridge = await addBridge(owner);
    const ups = [];
    for (let index = 0; index < 4; index += 1) ups.push(await addTrigger(owner, equityTrigger(bridge.bridge_id, account)));
    const downs = [await addTrigger(owner, equityTrigger(bridge.bridge_id, account, { direction: 'DOWN' })), await addTrigger(owner, equityTrigger(bridge.bridge_id, account, { direction: 'DOWN' }))];
    const [a, b, c, d] = ups.map((trigger) => trigger.trigger_id);

    const afterOne = dataOf(await post(owner, 'removebridgetrigger', { bridge_id: bridge.bridge_id, trigger_id: b }), bridgeTriggersSchema.strict());
    expect(prioritiesOf(afterOne.up_triggers)).toEqual([[a, 1], [c, 2], [d, 3]]);
    expect(prioritiesOf(afterOne.down_triggers)).toEqual(prioritiesOf(downs));
    expect(afterOne.bridge_data.up_trigger_count).toBe(3);

    const afterTwo = dataOf(await post(owner, 'removebridgetrigger', { bridge_id: bridge.bridge_id, trigger_id: a }), bridgeTriggersSchema);
    expect(prioritiesOf(afterTwo.up_triggers)).toEqual([[c, 1], [d, 2]]);
    expectError(await post(owner, 'removebridgetrigger', { bridge_id: bridge.bridge_id, trigger_id: a }), 404, TRIGGER_NOT_FOUND_MESSAGE);

    // A new trigger still goes last, after the renumbered ones.
    expect((await addTrigger(owner, equityTrigger(bridge.bridge_id, account))).priority).toBe(3);
  });

  it("reorders one direction's triggers, and refuses a list that is not exactly that direction's", async () => {
    const bridge = await addBridge(owner);
    const [a, b, c] = [
      await addTrigger(owner, equityTrigger(bridge.bridge_id, account)),
      await addTrigger(owner, equityTrigger(bridge.bridge_id, account)),
      await addTrigger(owner, equityTrigger(bridge.bridge_id, account)),
    ].map((trigger) => trigger.trigger_id);
    const down = await addTrigger(owner, equityTrigger(bridge.bridge_id, account, { direction: 'DOWN' }));
    const reorder = (direction: string, ids: readonly (string | undefined)[]) => post(owner, 'updatetriggerspriorities', { bridge_id: bridge.bridge_id, direction, trigger_ids: ids });

    const reordered = dataOf(await reorder('UP', [c, a, b]), bridgeTriggersSchema.strict());
    expect(prioritiesOf(reordered.up_triggers)).toEqual([[c, 1], [a, 2], [b, 3]]);
    expect(reordered.down_triggers).toEqual([down]);
    expect(prioritiesOf((await triggersOf(owner, bridge.bridge_id)).up_triggers)).toEqual([[c, 1], [a, 2], [b, 3]]);

    for (const ids of [[c, a], [c, a, b, b], [c, a, down.trigger_id], [c, a, UNKNOWN_ULID]]) expectError(await reorder('UP', ids), 400);
    expectError(await reorder('DOWN', [a]), 400);
    expect(prioritiesOf((await triggersOf(owner, bridge.bridge_id)).up_triggers)).toEqual([[c, 1], [a, 2], [b, 3]]);
  });

  it(`holds at most ${MAX_TRIGGERS_PER_DIRECTION} triggers per direction (422)`, async () => {
    const bridge = await addBridge(owner);
    for (let index = 0; index < MAX_TRIGGERS_PER_DIRECTION; index += 1) await addTrigger(owner, equityTrigger(bridge.bridge_id, account));
    expectError(await post(owner, 'addbridgetrigger', equityTrigger(bridge.bridge_id, account)), 422);
    expect((await addTrigger(owner, equityTrigger(bridge.bridge_id, account, { direction: 'DOWN' }))).priority).toBe(1);
  });

  it('gives triggers added at the same time priorities 1..n, with no gap or repeat', async () => {
    const bridge = await addBridge(owner);
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(owner, 'addbridgetrigger', equityTrigger(bridge.bridge_id, account))));
    const added = answers.map((answer) => dataOf(answer, triggerSchema));
    expect(added.map((trigger) => trigger.priority).sort()).toEqual([1, 2, 3, 4]);
    expect(prioritiesOf((await triggersOf(owner, bridge.bridge_id)).up_triggers)).toEqual(prioritiesOf([...added].sort((a, b) => a.priority - b.priority)));
  });
});

describe('bridge: figures and positions', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  it("derives the figures from the bridge's positions and today's signals", async () => {
    const account = await paperAccount(owner);
    const bridge = await addBridge(owner);
    dataOf(await post(owner, 'userbridgeconnection', { bridge_id: bridge.bridge_id }), bridgeSchema);
    const addPosition = async () =>
      dataOf(
        await api.call('POST', '/ordermanager/addposition', {
          token: owner.token,
          body: { og_id: bridge.og_id, broker_id: account, script_id: 'NSE:SBIN', transaction_type: 'BUY', product: 'INTRADAY', quantity: 3 },
        }),
        positionSchema,
      );
    const open = await addPosition();
    const waiting = await addPosition();
    dataOf(await api.call('POST', '/ordermanager/enterposition', { token: owner.token, body: { og_id: bridge.og_id, op_id: open.op_id } }), positionOutcomeSchema);
    signalIdOfAnswer(await sendSignal(bridge.webhook_key, 'BUY'));
    signalIdOfAnswer(await sendSignal(bridge.webhook_key, 'SELL'));

    const positions = dataOf(await post(owner, 'getbridgepositions', { bridge_id: bridge.bridge_id }), z.array(positionSchema.strict()));
    expect(positions.map((position) => [position.op_id, position.op_status])).toEqual([
      [open.op_id, 'OPEN'],
      [waiting.op_id, 'WAITING'],
    ]);
    expect(positions[0]?.pnl).toEqual(expect.any(Number));
    expect(positions[1]?.pnl).toBeNull();

    // The paper price moves every second, so the P&L is compared within one answer: the only priced position is today's.
    const figures = await bridgeById(owner, bridge.bridge_id);
    expect(figures).toMatchObject({ open_positions_count: 1, today_signal_count: 2, overall_pnl: expect.any(Number) });
    expect(figures.today_pnl).toBe(figures.overall_pnl);
    expect(dataOf(await api.call('GET', '/users/bridge/getuserbridge', { token: owner.token }), z.array(bridgeSchema)).find((each) => each.bridge_id === bridge.bridge_id)).toMatchObject({
      open_positions_count: 1,
      today_signal_count: 2,
    });
    await drainQueue();
  });
});

describe('bridge webhook: authenticate, store, enqueue', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
    await drainQueue();
  });

  const connectedBridge = async (who: TestUser = owner) => {
    const bridge = await addBridge(who, 'Webhook bridge');
    dataOf(await post(who, 'userbridgeconnection', { bridge_id: bridge.bridge_id }), bridgeSchema);
    return bridge;
  };

  it('stores a direction signal as queued, sends exactly one message for it and answers 202 with its id', async () => {
    const bridge = await connectedBridge();
    const signalId = signalIdOfAnswer(await sendSignal(bridge.webhook_key, 'BUY NIFTY'));

    const messages = await drainQueue();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.Attributes).toMatchObject({ MessageGroupId: bridge.bridge_id, MessageDeduplicationId: signalId });
    const body = queueMessageSchema.parse(JSON.parse(message?.Body ?? ''));
    expect(body.kind).toBe(CUSTOM_BRIDGE_SIGNAL_MESSAGE_KIND);
    // The hints name the bridge's own order group; its triggers name their targets.
    const hints = { og_id: bridge.og_id, target_kind: null, target_id: null };
    expect(signalPayloadSchema.parse(body.payload)).toEqual({ frch_id: owner.user.frch_id, user_id: owner.user.user_id, bridge_id: bridge.bridge_id, signal_id: signalId, hints });
    const stored = await getSignal(owner.user.frch_id, owner.user.user_id, signalId);
    expect(stored).toMatchObject({ status: 'queued', bridge_kind: 'custom', bridge_id: bridge.bridge_id, source: 'tradingview-text', raw_body: 'BUY NIFTY', reason: null });
    // `enqueued` is the worker's mark, written when it picks the message up.
    expect(stored?.timeline.map((entry) => entry.event)).toEqual(['received', 'queued']);
  });

  it('takes ChartInk scans and action JSON as directions', async () => {
    const bridge = await connectedBridge();
    const scan = JSON.stringify({ stocks: 'SBIN,INFY', trigger_prices: '801.5,1500', scan_name: 'BUY breakouts', triggered_at: '2:34 pm' });
    const action = JSON.stringify({ action: 'SELL', symbol: 'NSE:SBIN', quantity: 5 });
    const json = { 'content-type': 'application/json' };
    const ids = [signalIdOfAnswer(await sendSignal(bridge.webhook_key, scan, json)), signalIdOfAnswer(await sendSignal(bridge.webhook_key, action, json))];
    const sources = await Promise.all(ids.map(async (id) => (await getSignal(owner.user.frch_id, owner.user.user_id, id))?.source));
    expect(sources).toEqual(['chartink', 'action-json']);
    expect(await drainQueue()).toHaveLength(2);
  });

  it('answers unknown, malformed and empty keys alike with 401, and stores and sends nothing', async () => {
    const someone = await createTestUser();
    const bridge = await connectedBridge(someone);
    const answers = await Promise.all([
      sendSignal(`${bridge.webhook_key.slice(0, -1)}${bridge.webhook_key.endsWith('A') ? 'B' : 'A'}`, 'BUY'),
      sendSignal('not-a-key', 'BUY'),
      sendSignal('x'.repeat(500), 'BUY'),
    ]);
    const errors = answers.map((answer) => {
      expect(answer.status, answer.text).toBe(401);
      return errorEnvelopeSchema.parse(answer.body).error.message;
    });
    expect(new Set(errors).size).toBe(1);
    expect(await storedSignalCount(someone)).toBe(0);
    expect(await drainQueue()).toHaveLength(0);
  });

  it('answers 401 for a key of another franchise', async () => {
    const someone = await createTestUser({ frchId: 1 });
    const bridge = await connectedBridge(someone);
    const answer = await api.call('POST', `/users/bridge/webhook/${bridge.webhook_key}`, { rawBody: 'BUY', headers: TEXT_TYPE, host: 'tenant-two.localhost' });
    expect(answer.status, answer.text).toBe(401);
    expect(await storedSignalCount(someone)).toBe(0);
  });

  it('refuses a JSON bridge order or an unreadable body with 400 and what was wrong, and keeps it as rejected', async () => {
    const bridge = await connectedBridge();
    const order = JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: 1, transaction_type: 'BUY' });
    for (const [body, headers] of [
      [order, { 'content-type': 'application/json' }],
      ['HOLD SBIN', TEXT_TYPE],
    ] as const) {
      const answer = await sendSignal(bridge.webhook_key, body, headers);
      const error = expectError(answer, 400);
      expect(error.details?.length).toBeGreaterThan(0);
      const signalId = /Signal ([0-9a-f]{64}) rejected/.exec(error.message)?.[1] ?? '';
      expect(await getSignal(owner.user.frch_id, owner.user.user_id, signalId)).toMatchObject({ status: 'rejected', bridge_kind: 'custom', bridge_id: bridge.bridge_id });
    }
    expect(await drainQueue()).toHaveLength(0);
  });

  it.each([
    ['is disconnected', false, true, BRIDGE_DISCONNECTED_REASON],
    ['has trading off', true, false, BRIDGE_TRADING_OFF_REASON],
  ] as const)('stores a signal on a bridge that %s as ignored, with the reason, and sends nothing', async (_, connected, trading, reason) => {
    const bridge = await addBridge(owner);
    if (connected) dataOf(await post(owner, 'userbridgeconnection', { bridge_id: bridge.bridge_id }), bridgeSchema);
    if (!trading) dataOf(await post(owner, 'updatebridgetradingflag', { bridge_id: bridge.bridge_id, trading_enabled: false }), bridgeSchema);
    const answer = await sendSignal(bridge.webhook_key, 'SELL');
    const stored = await getSignal(owner.user.frch_id, owner.user.user_id, signalIdOfAnswer(answer));
    expect(stored).toMatchObject({ status: 'ignored', reason });
    expect(successEnvelope(z.unknown()).parse(answer.body).result).toBe(reason);
    expect(await drainQueue()).toHaveLength(0);
  });

  it('refuses a body over 64 KB with 413 and stores nothing', async () => {
    const someone = await createTestUser();
    const bridge = await connectedBridge(someone);
    const answer = await sendSignal(bridge.webhook_key, `BUY ${'SBIN '.repeat(14_000)}`);
    expect(answer.status, answer.text).toBe(413);
    expect(await storedSignalCount(someone)).toBe(0);
  });

  it('refuses signals over the per-bridge limit with 429 and Retry-After, storing and sending nothing', async () => {
    const someone = await createTestUser();
    const bridge = await connectedBridge(someone);
    // The bridge has used its whole budget in this minute and the next, so the answer cannot depend on when the call lands.
    const now = clockNow();
    for (const at of [now, new Date(now.getTime() + 60_000)]) {
      const window = currentWindow(CUSTOM_BRIDGE_SIGNALS_PER_MINUTE, customBridgeRateKey(someone.user.frch_id, bridge.bridge_id), at);
      await dynamo().send(
        new PutCommand({
          TableName: config().tableName,
          Item: { ...rateLimitKeys.window(window.scope, window.key, window.windowStart), count: CUSTOM_BRIDGE_SIGNALS_PER_MINUTE.limit, expiresAt: window.expiresAt },
        }),
      );
    }
    const answer = await sendSignal(bridge.webhook_key, 'BUY');
    expect(answer.status, answer.text).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedSignalCount(someone)).toBe(0);
    expect(await drainQueue()).toHaveLength(0);
  });

  it('never writes the webhook key into the logs', async () => {
    const bridge = await connectedBridge();
    const logStart = capturedLogs.length;
    await sendSignal(bridge.webhook_key, 'HOLD');
    await sendSignal(bridge.webhook_key, 'BUY');
    const logs = capturedLogs.slice(logStart).join('\n');
    // The rejected signal is logged (a warning naming the bridge), so there is a line the key could have leaked into.
    expect(logs).toContain(bridge.bridge_id);
    expect(logs).not.toContain(bridge.webhook_key);
    await drainQueue();
  });
});

describe('bridge: placebridgeorder stores a manual signal and enqueues it once', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
    await drainQueue();
  });

  it('answers the signal id; a retry with the same idempotency key answers the same signal and sends nothing more', async () => {
    const bridge = await addBridge(owner);
    const fire = (key: string, direction = 'UP') => post(owner, 'placebridgeorder', { bridge_id: bridge.bridge_id, direction, idempotency_key: key });
    const first = dataOf(await fire('manual-key-0001'), z.object({ signal_id: z.string() }).strict()).signal_id;
    const again = dataOf(await fire('manual-key-0001'), z.object({ signal_id: z.string() })).signal_id;
    const other = dataOf(await fire('manual-key-0002', 'EXIT'), z.object({ signal_id: z.string() })).signal_id;

    expect(again).toBe(first);
    expect(other).not.toBe(first);
    const messages = await drainQueue();
    expect(messages.map((message) => queueMessageSchema.parse(JSON.parse(message.Body ?? '')).messageId).sort()).toEqual([first, other].sort());
    // Manual signals run whether or not the webhook is connected (the bridge is not).
    expect(await getSignal(owner.user.frch_id, owner.user.user_id, first)).toMatchObject({ status: 'queued', source: 'manual', raw_body: 'UP', bridge_kind: 'custom' });
    expect(await getSignal(owner.user.frch_id, owner.user.user_id, other)).toMatchObject({ status: 'queued', source: 'manual', raw_body: 'EXIT' });
  });

  it('stores a manual signal as ignored while trading is off, and sends nothing', async () => {
    const bridge = await addBridge(owner);
    dataOf(await post(owner, 'updatebridgetradingflag', { bridge_id: bridge.bridge_id, trading_enabled: false }), bridgeSchema);
    const answer = await post(owner, 'placebridgeorder', { bridge_id: bridge.bridge_id, direction: 'DOWN', idempotency_key: 'manual-key-0003' });
    const signalId = dataOf(answer, z.object({ signal_id: z.string() })).signal_id;
    expect(await getSignal(owner.user.frch_id, owner.user.user_id, signalId)).toMatchObject({ status: 'ignored', reason: BRIDGE_TRADING_OFF_REASON });
    expect(await drainQueue()).toHaveLength(0);
  });
});
