import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { groupBrokerSchema, groupNameSchema, groupOrderInfoSchema, groupSchema, MAX_GROUP_CHILDREN } from '../../shared/contracts/groups';
import { recordGroupOrderCounts } from '../../functions/data/groups/group';
import { userKeys } from '../../functions/data/keys';
import { countsForNewOrder, countsForStatusChange } from '../../functions/data/order-counters';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { expectError } from '../support/api-answers';

const api = useGateway();

/** Strict: a field the contract does not name (the stored `child_accounts` map, say) fails the parse. */
const groupEnvelope = successEnvelope(groupSchema.strict());
const groupsEnvelope = successEnvelope(z.array(groupSchema.strict()));
const childEnvelope = successEnvelope(groupBrokerSchema.strict());
const childrenEnvelope = successEnvelope(z.array(groupBrokerSchema.strict()));
const orderInfoEnvelope = successEnvelope(groupOrderInfoSchema.strict());

const ZERO_COUNTERS = {
  total_orders: 0,
  total_quantity: 0,
  group_broker_count: 0,
  completed_quantity: 0,
  failed_quantity: 0,
  rejected_quantity: 0,
  pending_quantity: 0,
  cancelled_quantity: 0,
  strategy_subscriptions_count: 0,
  sub_user_count: 0,
};
const UNKNOWN_ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

const post = (who: TestUser, call: string, body: unknown) => api.call('POST', `/users/groups/${call}`, { token: who.token, body });
const get = (who: TestUser, call: string) => api.call('GET', `/users/groups/${call}`, { token: who.token });

function expectOk(answer: ApiAnswer): void {
  expect(answer.status, answer.text).toBe(200);
}

async function addGroup(who: TestUser, body: Record<string, unknown> = { grp_name: 'Nifty copiers' }) {
  const answer = await post(who, 'addgroup', body);
  expectOk(answer);
  return groupEnvelope.parse(answer.body).data;
}

async function groupById(who: TestUser, groupId: string) {
  const answer = await post(who, 'getgroupbyid', { group_id: groupId });
  expectOk(answer);
  return groupEnvelope.parse(answer.body).data;
}

async function childrenOf(who: TestUser, groupId: string) {
  const answer = await post(who, 'getgroupbrokers', { group_id: groupId });
  expectOk(answer);
  return childrenEnvelope.parse(answer.body).data;
}

async function connectPaper(who: TestUser): Promise<string> {
  const answer = await api.call('POST', '/users/broker/connectbroker', { token: who.token, body: { broker: 'paper' } });
  expectOk(answer);
  return z.object({ data: z.object({ account: z.object({ broker_id: z.string() }) }) }).parse(answer.body).data.account.broker_id;
}

async function removedAccount(who: TestUser): Promise<string> {
  const accountId = await connectPaper(who);
  expectOk(await api.call('POST', '/users/broker/removebroker', { token: who.token, body: { broker_id: accountId } }));
  return accountId;
}

async function addChild(who: TestUser, groupId: string, accountId: string, extra: Record<string, unknown> = {}) {
  const answer = await post(who, 'addgroupbroker', { group_id: groupId, broker_id: accountId, ...extra });
  expectOk(answer);
  return childEnvelope.parse(answer.body).data;
}

async function groupItems(who: TestUser) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKeys.partition(who.user.frch_id, who.user.user_id), ':prefix': 'GROUP' },
    }),
  );
  return Items;
}

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

describe('groups: add, list, read, rename, flags', () => {
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
    stranger = await createTestUser();
  });

  it('adds a group with zero counters, no master, trading off and children not trading on a rejected master', async () => {
    const group = await addGroup(owner, { grp_name: '  Bank Nifty  ' });
    expect(group).toMatchObject({
      grp_name: 'Bank Nifty',
      trading_enabled: false,
      place_rejected: false,
      master: null,
      is_strategy: false,
      visibility: 'PRIVATE',
      strategy_description: '',
      ...ZERO_COUNTERS,
    });
    expect(group.grp_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await groupById(owner, group.grp_id.toLowerCase())).toEqual(group);
  });

  it.each([
    ['a missing name', {}],
    ['an empty name', { grp_name: '   ' }],
    ['a name over 50 characters', { grp_name: 'x'.repeat(51) }],
    ['a flag that is not a boolean', { grp_name: 'ok', trading_enabled: 'yes' }],
    ['a field the call does not take', { grp_name: 'ok', grp_id: UNKNOWN_ULID }],
  ])('refuses %s with 400 and adds nothing', async (_, body) => {
    const user = await createTestUser();
    expectError(await post(user, 'addgroup', body), 400);
    expect(await groupItems(user)).toEqual([]);
  });

  it("lists only the caller's groups, oldest first, with names for pickers", async () => {
    const user = await createTestUser();
    const first = await addGroup(user, { grp_name: 'First' });
    const second = await addGroup(user, { grp_name: 'Second', trading_enabled: true });
    await addGroup(stranger, { grp_name: 'Not yours' });
    const listed = await get(user, 'getgroups');
    expectOk(listed);
    expect(groupsEnvelope.parse(listed.body).data).toEqual([first, second]);
    const names = await get(user, 'getgroupnames');
    expectOk(names);
    expect(successEnvelope(z.array(groupNameSchema.strict())).parse(names.body).data).toEqual([
      { grp_id: first.grp_id, grp_name: 'First' },
      { grp_id: second.grp_id, grp_name: 'Second' },
    ]);
    expect(groupsEnvelope.parse((await get(await createTestUser(), 'getgroups')).body).data).toEqual([]);
  });

  it('renames a group and changes its trading and rejected-master flags', async () => {
    const group = await addGroup(owner);
    const renamed = await post(owner, 'updategroupname', { group_id: group.grp_id, grp_name: 'Renamed' });
    const trading = await post(owner, 'updategrouptradingflag', { group_id: group.grp_id, trading_enabled: true });
    const rejected = await post(owner, 'updateplacerejected', { group_id: group.grp_id, place_rejected: true });
    for (const answer of [renamed, trading, rejected]) expectOk(answer);
    expect(groupEnvelope.parse(renamed.body)).toMatchObject({ result: 'Group renamed', data: { grp_name: 'Renamed' } });
    expect(groupEnvelope.parse(trading.body)).toMatchObject({ result: 'Group trading turned on', data: { trading_enabled: true } });
    expect(await groupById(owner, group.grp_id)).toMatchObject({ grp_name: 'Renamed', trading_enabled: true, place_rejected: true, ...ZERO_COUNTERS });
  });

  it.each([
    ['getgroupbyid', {}],
    ['getgroupbyid', { group_id: 'not-an-id' }],
    ['updategroupname', { group_id: UNKNOWN_ULID, grp_name: '' }],
    ['updategrouptradingflag', { group_id: UNKNOWN_ULID }],
    ['updateplacerejected', { group_id: UNKNOWN_ULID, place_rejected: 1 }],
    ['deletegroup', { group_id: 42 }],
    ['getgroupbrokers', { group_id: null }],
    ['getuserorderinfo', { group_id: 'x' }],
    ['disconnectmaster', { group_id: UNKNOWN_ULID, extra: true }],
  ])('%s refuses bad input %j with 400', async (call, body) => {
    expectError(await post(owner, call, body), 400);
  });

  it("answers 404 for another user's group on every group call and changes nothing", async () => {
    const group = await addGroup(owner, { grp_name: 'Mine' });
    const before = await groupItems(owner);
    const strangerAccount = await connectPaper(stranger);
    const calls: [string, Record<string, unknown>][] = [
      ['getgroupbyid', {}],
      ['getgroupbrokers', {}],
      ['updategroupname', { grp_name: 'Taken over' }],
      ['updategrouptradingflag', { trading_enabled: true }],
      ['updateplacerejected', { place_rejected: true }],
      ['connectmaster', { broker_id: strangerAccount }],
      ['disconnectmaster', {}],
      ['updatestrategy', { is_strategy: true }],
      ['addgroupbroker', { broker_id: strangerAccount }],
      ['getuserorderinfo', {}],
      ['deletegroup', {}],
    ];
    for (const [call, extra] of calls) {
      expectError(await post(stranger, call, { group_id: group.grp_id, ...extra }), 404, 'Group not found');
    }
    expect(await groupItems(owner)).toEqual(before);
  });

  it('answers 404 for a group id nobody has', async () => {
    expectError(await post(owner, 'getgroupbyid', { group_id: UNKNOWN_ULID }), 404, 'Group not found');
    expectError(await post(owner, 'updategroupname', { group_id: UNKNOWN_ULID, grp_name: 'Ghost' }), 404, 'Group not found');
  });

  it('records an activity for each change', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    expectOk(await post(user, 'updategroupname', { group_id: group.grp_id, grp_name: 'Next' }));
    expectOk(await post(user, 'deletegroup', { group_id: group.grp_id }));
    const activities = await api.call('POST', '/users/getuseractivities', { token: user.token, body: {} });
    expect(activities.body).toMatchObject({ data: { items: [{ action: 'Deleted a group' }, { action: 'Renamed a group' }, { action: 'Added a group' }] } });
  });
});

describe('group children: add, change, remove, counted on the group', () => {
  it('adds connected accounts with multipliers and counts them on the group', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const [first, second] = [await connectPaper(user), await connectPaper(user)];
    const half = await addChild(user, group.grp_id, first, { multiplier: 0.5 });
    const triple = await addChild(user, group.grp_id, second.toLowerCase(), { multiplier: 3, trading_enabled: false });
    expect(half).toMatchObject({ grp_id: group.grp_id, broker_id: first, broker: 'paper', status: 'connected', multiplier: 0.5, trading_enabled: true });
    expect(triple).toMatchObject({ broker_id: second, multiplier: 3, trading_enabled: false });
    expect(await childrenOf(user, group.grp_id)).toEqual([half, triple]);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 2 });
  });

  it('defaults the multiplier to 1', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    expect(await addChild(user, group.grp_id, await connectPaper(user))).toMatchObject({ multiplier: 1, trading_enabled: true });
  });

  it('takes an account into a group once (409) and keeps one child', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const account = await connectPaper(user);
    await addChild(user, group.grp_id, account);
    expectError(await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: account }), 409, 'This broker account is already in the group.');
    expect((await childrenOf(user, group.grp_id)).map((child) => child.broker_id)).toEqual([account]);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 1 });
  });

  it('takes the same account once even when it is added twice at the same time', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const account = await connectPaper(user);
    const answers = await Promise.all([0, 1].map(() => post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: account })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await childrenOf(user, group.grp_id)).toHaveLength(1);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 1 });
  });

  it('lets the same account be a child of two groups', async () => {
    const user = await createTestUser();
    const account = await connectPaper(user);
    const [one, two] = [await addGroup(user), await addGroup(user)];
    await addChild(user, one.grp_id, account);
    await addChild(user, two.grp_id, account, { multiplier: 2 });
    expect(await childrenOf(user, two.grp_id)).toMatchObject([{ broker_id: account, multiplier: 2 }]);
  });

  it("answers 404 for another user's account and 422 for an account that is not connected", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const group = await addGroup(user);
    expectError(await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: await connectPaper(other) }), 404, 'Broker account not found');
    expectError(await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: UNKNOWN_ULID }), 404, 'Broker account not found');
    expectError(
      await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: await removedAccount(user) }),
      422,
      'Only a connected broker account can join a group. Connect it first.',
    );
    expect(await childrenOf(user, group.grp_id)).toEqual([]);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 0 });
  });

  it.each([
    ['a zero multiplier', { multiplier: 0 }],
    ['a negative multiplier', { multiplier: -1 }],
    ['a multiplier with three decimals', { multiplier: 0.125 }],
    ['a multiplier above 100', { multiplier: 101 }],
    ['a multiplier as text', { multiplier: '2' }],
    ['a missing account', { broker_id: undefined }],
    ['a bad account id', { broker_id: 'abc' }],
  ])('refuses %s with 400', async (_, extra) => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const answer = await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: await connectPaper(user), ...extra });
    expectError(answer, 400);
    expect(await childrenOf(user, group.grp_id)).toEqual([]);
  });

  it(`holds at most ${MAX_GROUP_CHILDREN} children`, async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const accounts = await Promise.all(Array.from({ length: MAX_GROUP_CHILDREN + 1 }, () => connectPaper(user)));
    for (const account of accounts.slice(0, MAX_GROUP_CHILDREN)) await addChild(user, group.grp_id, account);
    const extra = accounts[MAX_GROUP_CHILDREN] ?? '';
    expectError(await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: extra }), 422, `A group holds at most ${MAX_GROUP_CHILDREN} broker accounts.`);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: MAX_GROUP_CHILDREN });
  });

  it("changes a child's multiplier and trading flag", async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const child = await addChild(user, group.grp_id, await connectPaper(user));
    const multiplier = await post(user, 'updategroupbroker', { group_id: group.grp_id, grp_broker_id: child.grp_broker_id, multiplier: 2.5 });
    const flag = await post(user, 'updatechildtradingflag', { group_id: group.grp_id, grp_broker_id: child.grp_broker_id.toLowerCase(), trading_enabled: false });
    expectOk(multiplier);
    expectOk(flag);
    expect(childEnvelope.parse(multiplier.body).data).toMatchObject({ grp_broker_id: child.grp_broker_id, multiplier: 2.5 });
    expect(await childrenOf(user, group.grp_id)).toMatchObject([{ grp_broker_id: child.grp_broker_id, multiplier: 2.5, trading_enabled: false }]);
  });

  it.each([
    ['updategroupbroker', { multiplier: 0.001 }],
    ['updategroupbroker', {}],
    ['updatechildtradingflag', { trading_enabled: 'off' }],
    ['removegroupbroker', { grp_broker_id: 'nope' }],
  ])('%s refuses bad input %j with 400', async (call, extra) => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const child = await addChild(user, group.grp_id, await connectPaper(user));
    expectError(await post(user, call, { group_id: group.grp_id, grp_broker_id: child.grp_broker_id, ...extra }), 400);
    expect(await childrenOf(user, group.grp_id)).toEqual([child]);
  });

  it("answers 404 for another user's child, and for a child named under another of the caller's groups", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const group = await addGroup(user);
    const otherGroup = await addGroup(user);
    const theirGroup = await addGroup(other);
    const theirChild = await addChild(other, theirGroup.grp_id, await connectPaper(other));
    const mine = await addChild(user, group.grp_id, await connectPaper(user));
    const attempts: [string, Record<string, unknown>][] = [
      ['updategroupbroker', { multiplier: 2 }],
      ['updatechildtradingflag', { trading_enabled: false }],
      ['removegroupbroker', {}],
    ];
    for (const [call, extra] of attempts) {
      expectError(await post(user, call, { group_id: group.grp_id, grp_broker_id: theirChild.grp_broker_id, ...extra }), 404, 'Group broker account not found');
      expectError(await post(user, call, { group_id: otherGroup.grp_id, grp_broker_id: mine.grp_broker_id, ...extra }), 404, 'Group broker account not found');
      expectError(await post(other, call, { group_id: group.grp_id, grp_broker_id: mine.grp_broker_id, ...extra }), 404, 'Group broker account not found');
    }
    expect(await childrenOf(other, theirGroup.grp_id)).toEqual([theirChild]);
    expect(await childrenOf(user, group.grp_id)).toEqual([mine]);
  });

  it('removes a child, uncounts it, and lets the account join again', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const account = await connectPaper(user);
    const child = await addChild(user, group.grp_id, account);
    const removed = await post(user, 'removegroupbroker', { group_id: group.grp_id, grp_broker_id: child.grp_broker_id });
    expectOk(removed);
    expect(removed.body).toMatchObject({ data: { grp_broker_id: child.grp_broker_id, group_broker_count: 0 } });
    expect(await childrenOf(user, group.grp_id)).toEqual([]);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 0 });
    expectError(await post(user, 'removegroupbroker', { group_id: group.grp_id, grp_broker_id: child.grp_broker_id }), 404);
    const again = await addChild(user, group.grp_id, account);
    expect(again.grp_broker_id).not.toBe(child.grp_broker_id);
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 1 });
  });

  it("keeps group_broker_count equal to the children through adds and removes at the same time", async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const accounts = await Promise.all(Array.from({ length: 6 }, () => connectPaper(user)));
    const added = await Promise.all(accounts.map((account) => addChild(user, group.grp_id, account)));
    await Promise.all(added.slice(0, 3).map((child) => post(user, 'removegroupbroker', { group_id: group.grp_id, grp_broker_id: child.grp_broker_id })));
    const children = await childrenOf(user, group.grp_id);
    expect(children.map((child) => child.grp_broker_id).sort()).toEqual(added.slice(3).map((child) => child.grp_broker_id).sort());
    expect(await groupById(user, group.grp_id)).toMatchObject({ group_broker_count: 3 });
  });

  it("shows a child's account as it is now (removed after joining)", async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const account = await connectPaper(user);
    await addChild(user, group.grp_id, account);
    expectOk(await api.call('POST', '/users/broker/removebroker', { token: user.token, body: { broker_id: account } }));
    expect(await childrenOf(user, group.grp_id)).toMatchObject([{ broker_id: account, status: 'deleted' }]);
  });
});

describe('group master: connect and disconnect', () => {
  it("makes a connected account the master, replaces it, and clears it", async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const [first, second] = [await connectPaper(user), await connectPaper(user)];
    const connected = await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: first });
    expectOk(connected);
    expect(groupEnvelope.parse(connected.body).data.master).toMatchObject({ broker_id: first, broker: 'paper', status: 'connected', connected_at: expect.any(String) });
    expectOk(await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: second }));
    expect((await groupById(user, group.grp_id)).master?.broker_id).toBe(second);
    const disconnected = await post(user, 'disconnectmaster', { group_id: group.grp_id });
    expectOk(disconnected);
    expect(groupEnvelope.parse(disconnected.body).data.master).toBeNull();
    expectOk(await post(user, 'disconnectmaster', { group_id: group.grp_id }));
    expect((await groupById(user, group.grp_id)).master).toBeNull();
  });

  it('keeps the master out of the children, and a child out of the master seat', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const [master, child] = [await connectPaper(user), await connectPaper(user)];
    expectOk(await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: master }));
    await addChild(user, group.grp_id, child);
    expectError(
      await post(user, 'addgroupbroker', { group_id: group.grp_id, broker_id: master }),
      422,
      "This broker account is the group's master; it cannot also be a child.",
    );
    expectError(
      await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: child }),
      422,
      'This broker account is a child of the group; remove it from the group before making it the master.',
    );
    expect(await groupById(user, group.grp_id)).toMatchObject({ master: { broker_id: master }, group_broker_count: 1 });
    expectOk(await post(user, 'disconnectmaster', { group_id: group.grp_id }));
    await addChild(user, group.grp_id, master);
    expect(await groupById(user, group.grp_id)).toMatchObject({ master: null, group_broker_count: 2 });
  });

  it("answers 404 for another user's account and 422 for one not connected, leaving the master as it was", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const group = await addGroup(user);
    expectError(await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: await connectPaper(other) }), 404, 'Broker account not found');
    expectError(await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: await removedAccount(user) }), 422);
    expectError(await post(user, 'connectmaster', { group_id: group.grp_id }), 400);
    expectError(await post(user, 'connectmaster', { group_id: group.grp_id, broker_id: 'x' }), 400);
    expect((await groupById(user, group.grp_id)).master).toBeNull();
  });
});

describe('deleting a group', () => {
  it('deletes the group and its children, leaving the accounts', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const account = await connectPaper(user);
    await addChild(user, group.grp_id, account);
    const deleted = await post(user, 'deletegroup', { group_id: group.grp_id });
    expectOk(deleted);
    expect(deleted.body).toMatchObject({ data: { grp_id: group.grp_id }, result: 'Group deleted' });
    expect(await groupItems(user)).toEqual([]);
    expectError(await post(user, 'getgroupbrokers', { group_id: group.grp_id }), 404);
    expect((await api.call('GET', '/users/broker/getbrokers', { token: user.token })).body).toMatchObject({ data: [{ broker_id: account, status: 'connected' }] });
  });

  it('is refused while a child order of the group is pending, and says why; allowed once none is', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    await addChild(user, group.grp_id, await connectPaper(user));
    expect(await recordGroupOrderCounts(ownerOf(user), group.grp_id, countsForNewOrder('pending', 75))).not.toBeNull();
    const refused = await post(user, 'deletegroup', { group_id: group.grp_id });
    expectError(refused, 422, 'This group has pending orders. Cancel them or wait until they complete, then delete the group.');
    expect(await groupById(user, group.grp_id)).toMatchObject({ pending_quantity: 75, group_broker_count: 1 });
    expect(await childrenOf(user, group.grp_id)).toHaveLength(1);
    const settled = countsForStatusChange('pending', 'completed', 75);
    expect(settled && (await recordGroupOrderCounts(ownerOf(user), group.grp_id, settled))).toMatchObject({ pending_quantity: 0, completed_quantity: 75 });
    expectOk(await post(user, 'deletegroup', { group_id: group.grp_id }));
    expect(await groupItems(user)).toEqual([]);
  });
});

describe('order counters and getuserorderinfo', () => {
  it('starts at zero and follows the counts recorded for child orders', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const info = await post(user, 'getuserorderinfo', { group_id: group.grp_id });
    expectOk(info);
    expect(orderInfoEnvelope.parse(info.body).data).toEqual({
      grp_id: group.grp_id,
      group_count: 1,
      total_orders: 0,
      total_quantity: 0,
      completed_quantity: 0,
      failed_quantity: 0,
      rejected_quantity: 0,
      pending_quantity: 0,
      cancelled_quantity: 0,
    });
    const owner = ownerOf(user);
    await recordGroupOrderCounts(owner, group.grp_id, countsForNewOrder('pending', 50));
    await recordGroupOrderCounts(owner, group.grp_id, countsForNewOrder('rejected', 25));
    const cancelled = countsForStatusChange('pending', 'cancelled', 50);
    if (cancelled) await recordGroupOrderCounts(owner, group.grp_id, cancelled);
    expect(orderInfoEnvelope.parse((await post(user, 'getuserorderinfo', { group_id: group.grp_id })).body).data).toMatchObject({
      total_orders: 2,
      total_quantity: 75,
      pending_quantity: 0,
      cancelled_quantity: 50,
      rejected_quantity: 25,
    });
    expect(await groupById(user, group.grp_id)).toMatchObject({ total_orders: 2, total_quantity: 75, cancelled_quantity: 50, rejected_quantity: 25 });
  });

  it("sums the counters over all the caller's groups when no group is named", async () => {
    const user = await createTestUser();
    const [one, two] = [await addGroup(user), await addGroup(user)];
    await recordGroupOrderCounts(ownerOf(user), one.grp_id, countsForNewOrder('completed', 10));
    await recordGroupOrderCounts(ownerOf(user), two.grp_id, countsForNewOrder('completed', 30));
    const stranger = await createTestUser();
    await addGroup(stranger);
    expect(orderInfoEnvelope.parse((await post(user, 'getuserorderinfo', {})).body).data).toMatchObject({
      grp_id: null,
      group_count: 2,
      total_orders: 2,
      total_quantity: 40,
      completed_quantity: 40,
    });
    expect(orderInfoEnvelope.parse((await post(stranger, 'getuserorderinfo', {})).body).data).toMatchObject({ group_count: 1, total_orders: 0 });
  });

  it('never lets a counter go below zero, and counts nothing on a group that is gone', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    await recordGroupOrderCounts(ownerOf(user), group.grp_id, countsForNewOrder('pending', 10));
    expect(await recordGroupOrderCounts(ownerOf(user), group.grp_id, { pending_quantity: -11, completed_quantity: 11 })).toBeNull();
    expect(await groupById(user, group.grp_id)).toMatchObject({ pending_quantity: 10, completed_quantity: 0 });
    expect(await recordGroupOrderCounts(ownerOf(user), UNKNOWN_ULID, countsForNewOrder('pending', 10))).toBeNull();
    expect(await groupItems(user)).toHaveLength(1);
  });
});

describe('strategy settings (updatestrategy)', () => {
  it('lets a broker panel offer its group as a strategy', async () => {
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const group = await addGroup(panel);
    const answer = await post(panel, 'updatestrategy', { group_id: group.grp_id, is_strategy: true, visibility: 'PUBLIC', strategy_description: ' Weekly options ' });
    expectOk(answer);
    expect(groupEnvelope.parse(answer.body)).toMatchObject({
      result: 'Strategy settings saved',
      data: { is_strategy: true, visibility: 'PUBLIC', strategy_description: 'Weekly options' },
    });
  });

  it('refuses a caller who is not a broker panel (403, with msg) and bad input (400)', async () => {
    const user = await createTestUser();
    const group = await addGroup(user);
    const refused = await post(user, 'updatestrategy', { group_id: group.grp_id, is_strategy: true });
    expectError(refused, 403, 'Only a broker panel can offer a group as a strategy.');
    expect(errorEnvelopeSchema.parse(refused.body).msg).toBe('Only a broker panel can offer a group as a strategy.');
    expectError(await post(user, 'updatestrategy', { group_id: group.grp_id, is_strategy: true, visibility: 'SECRET' }), 400);
    expect(await groupById(user, group.grp_id)).toMatchObject({ is_strategy: false, visibility: 'PRIVATE' });
  });
});
