import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { JSON_BRIDGE_NOT_FOUND_MESSAGE, jsonBridgeSchema, jsonBridgeWithKeySchema, jsonOrderManagerSchema } from '../../shared/contracts/jsonbridge';
import { ORDER_GROUP_NOT_FOUND_MESSAGE, orderGroupSchema } from '../../shared/contracts/ordermanager';
import { scriptSchema } from '../../shared/contracts/scripts';
import { jsonBridgeKeys, userKeys } from '../../functions/data/keys';
import { resolveWebhookBridge } from '../../functions/jsonbridge/webhook-key';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { GROUP_NOT_FOUND_MESSAGE } from '../../shared/contracts/groups';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../../functions/broker-accounts/accounts/owned-account';
import { testLoginContext } from '../support/login-context';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf, expectError } from '../support/api-answers';

const api = useGateway();
const UNKNOWN_ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const post = (who: TestUser, call: string, body: unknown) => api.call('POST', `/users/jsonbridge/${call}`, { token: who.token, body });

const addBridge = async (who: TestUser, name = 'Nifty scalper') => dataOf(await post(who, 'addjsonbridge', { json_bridge_name: name }), jsonBridgeWithKeySchema.strict());
const bridgeById = async (who: TestUser, id: string) => dataOf(await post(who, 'getjsonbridgebyid', { json_bridge_id: id }), jsonBridgeSchema.strict());
const addOrderGroup = async (who: TestUser) =>
  dataOf(await api.call('POST', '/ordermanager/addordergroup', { token: who.token, body: { og_name: 'Bridge orders' } }), orderGroupSchema);
const ownerKeyOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
/** A paper account of `who`: the target a bridge's signals trade on. */
const paperAccountOf = async (who: TestUser) => (await connectAccount(ownerKeyOf(who), { broker: 'paper' }, testLoginContext())).account;
const accountTarget = async (who: TestUser) => ({ target_kind: 'account', target_id: (await paperAccountOf(who)).broker_id });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Everything stored for the user and the bridge's webhook lookup, as text. */
async function storedText(who: TestUser, jsonBridgeId: string): Promise<string> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName: config().tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id) } }),
  );
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: jsonBridgeKeys.webhookLookup(who.user.frch_id, jsonBridgeId) }));
  return JSON.stringify([Items, Item]);
}

describe('jsonbridge: bridges and their webhook keys', () => {
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
  });

  it('adds an unconnected bridge with place-order on and answers its key once', async () => {
    const added = await addBridge(owner, '  Nifty scalper  ');
    expect(added).toMatchObject({ json_bridge_name: 'Nifty scalper', og_id: null, og_is_connected: false, og_place_order: true });
    expect(added.webhook_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.webhook_path).toBe(`/api/v4/users/jsonbridge/webhook/${added.json_bridge_id}/${added.webhook_key}`);

    const { webhook_key: key, webhook_path: _path, ...bridge } = added;
    expect(await bridgeById(owner, added.json_bridge_id)).toEqual(bridge);
    const listed = dataOf(await api.call('GET', '/users/jsonbridge/getjsonbridges', { token: owner.token }), z.array(jsonBridgeSchema.strict()));
    expect(listed).toContainEqual(bridge);

    const stored = await storedText(owner, added.json_bridge_id);
    expect(stored).not.toContain(key);
    expect(stored).toContain(sha256(key));
    expect(await resolveWebhookBridge(owner.user.frch_id, added.json_bridge_id, key)).toMatchObject({ user_id: owner.user.user_id, json_bridge_id: added.json_bridge_id });
  });

  it.each([
    ['a missing name', {}],
    ['a blank name', { json_bridge_name: '   ' }],
    ['a name over 50 characters', { json_bridge_name: 'x'.repeat(51) }],
    ['a field the call does not take', { json_bridge_name: 'x', og_place_order: false }],
  ])('refuses to add with %s (400)', async (_, body) => {
    expectError(await post(owner, 'addjsonbridge', body), 400);
  });

  it('renames and flips the place-order flag, and nothing else', async () => {
    const { webhook_key: _key, webhook_path: _path, ...added } = await addBridge(owner);
    const renamed = dataOf(await post(owner, 'updatejsonbridgename', { json_bridge_id: added.json_bridge_id, json_bridge_name: 'Bank nifty' }), jsonBridgeSchema.strict());
    expect(renamed).toMatchObject({ ...added, json_bridge_name: 'Bank nifty', updated_at: renamed.updated_at });
    const flagged = dataOf(await post(owner, 'updatejsonbridgetradingflag', { json_bridge_id: added.json_bridge_id, og_place_order: false }), jsonBridgeSchema.strict());
    expect(flagged).toMatchObject({ json_bridge_name: 'Bank nifty', og_place_order: false, og_is_connected: false });
    expect(await bridgeById(owner, added.json_bridge_id)).toEqual(flagged);
  });

  it.each([
    ['updatejsonbridgename', { json_bridge_name: '' }],
    ['updatejsonbridgetradingflag', { og_place_order: 'yes' }],
    ['updatejsonbridgetradingflag', {}],
    ['connectjsonbridge', { og_id: 'not-an-id' }],
    ['getjsonbridgebyid', { extra: 1 }],
  ])('refuses %s with bad input %j (400)', async (call, extra) => {
    const { json_bridge_id } = await addBridge(owner);
    expectError(await post(owner, call, { json_bridge_id, ...extra }), 400);
  });

  it.each(['getjsonbridgebyid', 'disconnectjsonbridge', 'regeneratejsonbridgekey', 'deletejsonbridge', 'getjsonordermanager'])('%s: a malformed id is 400, an unknown one 404', async (call) => {
    expectError(await post(owner, call, { json_bridge_id: 'nope' }), 400);
    expectError(await post(owner, call, { json_bridge_id: UNKNOWN_ULID }), 404, JSON_BRIDGE_NOT_FOUND_MESSAGE);
  });

  it("answers 404 for another user's bridge and leaves it as it was", async () => {
    const { webhook_key: key, webhook_path: _path, ...bridge } = await addBridge(owner);
    const byId = { json_bridge_id: bridge.json_bridge_id };
    const strangersGroup = await addOrderGroup(stranger);
    for (const [call, body] of [
      ['getjsonbridgebyid', byId],
      ['updatejsonbridgename', { ...byId, json_bridge_name: 'Mine now' }],
      ['updatejsonbridgetradingflag', { ...byId, og_place_order: false }],
      ['connectjsonbridge', { ...byId, og_id: strangersGroup.og_id, ...(await accountTarget(stranger)) }],
      ['disconnectjsonbridge', byId],
      ['regeneratejsonbridgekey', byId],
      ['getjsonordermanager', byId],
      ['deletejsonbridge', byId],
    ] as const) {
      expectError(await post(stranger, call, body), 404, JSON_BRIDGE_NOT_FOUND_MESSAGE);
    }
    expect(await bridgeById(owner, bridge.json_bridge_id)).toEqual(bridge);
    expect(await resolveWebhookBridge(owner.user.frch_id, bridge.json_bridge_id, key)).not.toBeNull();
  });

  it('regenerates the key: the old one stops matching at once, the new one matches, the bridge is unchanged', async () => {
    const first = await addBridge(owner);
    const second = dataOf(await post(owner, 'regeneratejsonbridgekey', { json_bridge_id: first.json_bridge_id }), jsonBridgeWithKeySchema.strict());
    expect(second.webhook_key).not.toBe(first.webhook_key);
    expect(second).toMatchObject({ json_bridge_id: first.json_bridge_id, json_bridge_name: first.json_bridge_name, og_place_order: true, og_is_connected: false });
    expect(await resolveWebhookBridge(owner.user.frch_id, first.json_bridge_id, first.webhook_key)).toBeNull();
    expect(await resolveWebhookBridge(owner.user.frch_id, first.json_bridge_id, second.webhook_key)).toMatchObject({ json_bridge_id: first.json_bridge_id });
    const stored = await storedText(owner, first.json_bridge_id);
    expect(stored).not.toContain(sha256(first.webhook_key));
    expect(stored).not.toContain(second.webhook_key);
    // Reads never carry a key.
    expect(Object.keys(await bridgeById(owner, first.json_bridge_id))).not.toContain('webhook_key');
  });

  it('matches a key only for its own bridge and franchise', async () => {
    const [one, two] = [await addBridge(owner), await addBridge(owner)];
    expect(await resolveWebhookBridge(owner.user.frch_id, one.json_bridge_id, two.webhook_key)).toBeNull();
    expect(await resolveWebhookBridge(owner.user.frch_id + 1, one.json_bridge_id, one.webhook_key)).toBeNull();
    expect(await resolveWebhookBridge(owner.user.frch_id, one.json_bridge_id, '')).toBeNull();
  });

  it('deletes the bridge and its key, not its order group', async () => {
    const added = await addBridge(owner);
    const group = await addOrderGroup(owner);
    dataOf(await post(owner, 'connectjsonbridge', { json_bridge_id: added.json_bridge_id, og_id: group.og_id, ...(await accountTarget(owner)) }), jsonBridgeSchema);
    expect(dataOf(await post(owner, 'deletejsonbridge', { json_bridge_id: added.json_bridge_id }), z.object({ json_bridge_id: z.string() }))).toEqual({ json_bridge_id: added.json_bridge_id });
    expectError(await post(owner, 'getjsonbridgebyid', { json_bridge_id: added.json_bridge_id }), 404);
    expectError(await post(owner, 'deletejsonbridge', { json_bridge_id: added.json_bridge_id }), 404);
    expect(await resolveWebhookBridge(owner.user.frch_id, added.json_bridge_id, added.webhook_key)).toBeNull();
    const groups = dataOf(await api.call('GET', '/ordermanager/getordergroups', { token: owner.token }), z.array(orderGroupSchema));
    expect(groups.map((g) => g.og_id)).toContain(group.og_id);
  });
});

describe('jsonbridge: the order group a bridge feeds', () => {
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
  });
  const orderManagerOf = async (id: string) => dataOf(await post(owner, 'getjsonordermanager', { json_bridge_id: id }), jsonOrderManagerSchema.strict());

  it('connects to an own order group, shows it, and disconnects', async () => {
    const bridge = await addBridge(owner);
    const group = await addOrderGroup(owner);
    expect(await orderManagerOf(bridge.json_bridge_id)).toEqual({ json_bridge_id: bridge.json_bridge_id, order_group: null });

    const account = await paperAccountOf(owner);
    const connection = { json_bridge_id: bridge.json_bridge_id, og_id: group.og_id.toLowerCase(), target_kind: 'account', target_id: account.broker_id.toLowerCase() };
    const connected = dataOf(await post(owner, 'connectjsonbridge', connection), jsonBridgeSchema.strict());
    expect(connected).toMatchObject({ og_id: group.og_id, og_is_connected: true, og_place_order: true, target: { target_kind: 'account', target_id: account.broker_id } });
    expect(connected.target?.target_name).not.toBe('');
    expect((await orderManagerOf(bridge.json_bridge_id)).order_group).toEqual(group);

    const disconnected = dataOf(await post(owner, 'disconnectjsonbridge', { json_bridge_id: bridge.json_bridge_id }), jsonBridgeSchema.strict());
    expect(disconnected).toMatchObject({ og_id: null, og_is_connected: false, target: null });
    expect((await orderManagerOf(bridge.json_bridge_id)).order_group).toBeNull();
  });

  it("refuses another user's or an unknown order group with 404 and stays as it was", async () => {
    const bridge = await addBridge(owner);
    const strangersGroup = await addOrderGroup(stranger);
    const target = await accountTarget(owner);
    expectError(await post(owner, 'connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: strangersGroup.og_id, ...target }), 404, ORDER_GROUP_NOT_FOUND_MESSAGE);
    expectError(await post(owner, 'connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: UNKNOWN_ULID, ...target }), 404, ORDER_GROUP_NOT_FOUND_MESSAGE);
    expect(await bridgeById(owner, bridge.json_bridge_id)).toMatchObject({ og_id: null, og_is_connected: false, target: null });
  });

  it("refuses another user's or an unknown account or group as the target with 404", async () => {
    const bridge = await addBridge(owner);
    const group = await addOrderGroup(owner);
    const base = { json_bridge_id: bridge.json_bridge_id, og_id: group.og_id };
    const strangersAccount = await paperAccountOf(stranger);
    const strangersGroup = await addGroup(ownerKeyOf(stranger), { grp_name: 'Not yours', trading_enabled: true, place_rejected: false });
    expectError(await post(owner, 'connectjsonbridge', { ...base, target_kind: 'account', target_id: strangersAccount.broker_id }), 404, ACCOUNT_NOT_FOUND_MESSAGE);
    expectError(await post(owner, 'connectjsonbridge', { ...base, target_kind: 'group', target_id: strangersGroup.grp_id }), 404, GROUP_NOT_FOUND_MESSAGE);
    expectError(await post(owner, 'connectjsonbridge', { ...base, target_kind: 'group', target_id: UNKNOWN_ULID }), 404, GROUP_NOT_FOUND_MESSAGE);
    expectError(await post(owner, 'connectjsonbridge', { ...base, target_kind: 'desk', target_id: UNKNOWN_ULID }), 400);
    expect(await bridgeById(owner, bridge.json_bridge_id)).toMatchObject({ og_id: null, target: null });
  });

  it('connects with a copy-trading group as the target and answers its name', async () => {
    const bridge = await addBridge(owner);
    const group = await addOrderGroup(owner);
    const copyGroup = await addGroup(ownerKeyOf(owner), { grp_name: 'Followers', trading_enabled: true, place_rejected: false });
    const connected = dataOf(
      await post(owner, 'connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: group.og_id, target_kind: 'group', target_id: copyGroup.grp_id }),
      jsonBridgeSchema.strict(),
    );
    expect(connected.target).toEqual({ target_kind: 'group', target_id: copyGroup.grp_id, target_name: 'Followers' });
    expect((await bridgeById(owner, bridge.json_bridge_id)).target).toEqual(connected.target);
  });

  it('shows no order group once the connected one is deleted', async () => {
    const bridge = await addBridge(owner);
    const group = await addOrderGroup(owner);
    dataOf(await post(owner, 'connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: group.og_id, ...(await accountTarget(owner)) }), jsonBridgeSchema);
    dataOf(await api.call('POST', '/ordermanager/deleteordergroup', { token: owner.token, body: { og_id: group.og_id } }), z.unknown());
    expect((await orderManagerOf(bridge.json_bridge_id)).order_group).toBeNull();
  });
});

describe('jsonbridge: searchscript for the syntax generator', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  it.each([
    ['EQ', 'reliance', ['EQ']],
    ['OPT', 'NIFTY', ['CE', 'PE']],
    ['FUT', 'NIFTY', ['FUT']],
  ])('finds %s scripts for %s', async (scriptType, symbol, types) => {
    const answer = await post(owner, 'searchscript', { script_type: scriptType, symbol });
    const rows = dataOf(answer, z.array(scriptSchema));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(types).toContain(row.instrument_type);
    expect(z.object({ msg: z.string() }).parse(answer.body).msg).toMatch(/found$/);
  });

  it.each([
    ['a script type outside the bridge variant', { script_type: 'CE', symbol: 'NIFTY' }],
    ['a missing symbol', { script_type: 'EQ' }],
    ['a field the call does not take', { script_type: 'EQ', symbol: 'SBIN', type: 'EQ' }],
  ])('refuses %s (400)', async (_, body) => {
    expectError(await post(owner, 'searchscript', body), 400);
  });
});
