import { randomBytes, randomUUID } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import {
  groupBrokerSchema,
  groupOrderFanOutSchema,
  groupOrderSchema,
  groupPositionsSchema,
  groupSchema,
  groupSquareOffSchema,
  pendingGroupOrderSchema,
  type GroupOrderFanOut,
} from '../../shared/contracts/groups';
import { linkedOrderSchema, orderDetailsSchema, orderSchema } from '../../shared/contracts/orders';
import { cursorPage } from '../../shared/contracts/paging';
import { ltpQuoteSchema } from '../../shared/contracts/scripts';
import { roundToTick } from '../../shared/domain/tick-math';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { storeSession } from '../../functions/broker-accounts/sessions/store-session';
import { getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf, expectError } from '../support/api-answers';
import { farthestListedFuture } from '../support/listed-contracts';

/**
 * Group orders end to end: the real routes and use-cases on DynamoDB Local, paper accounts (the
 * paper exchange always open) and Zerodha accounts on the Kite Connect fake.
 */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
const KITE = { api_key: 'kitegroupskey1234', api_secret: 'kiteGroupsSecret0123456789abcdef' };
let kite: KiteFake;
let restoreSettings: () => void = () => undefined;

beforeAll(async () => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 10 });
  // One live session that every Zerodha account of this file shares (the fake holds one access token).
  kite = await startKiteFake({
    apiKey: KITE.api_key,
    apiSecret: KITE.api_secret,
    accessToken: 'kitegroupsaccesstoken',
    instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 }],
  });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
});
afterAll(async () => {
  restoreSettings();
  await kite.stop();
});

/** The farthest NIFTY future of the master served on the test's day (alive whatever the day). */
const NIFTY_FUTURE = farthestListedFuture('NIFTY');
const NIFTY_LOT = 65;
const UNKNOWN_ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return connected.account.broker_id;
}

/** A Zerodha account connected on the fake's session, trading on. */
async function tradingKiteAccount(who: TestUser, fake: KiteFake = kite): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'zerodha', credentials: KITE }), z.object({ account: brokerAccountSchema }));
  const stored = await getBrokerAccount(ownerOf(who), account.broker_id);
  if (!stored) throw new Error('Zerodha account not stored');
  await storeSession(ownerOf(who), stored, { tokens: { access_token: fake.accessToken() }, validUntil: nowMs() + 3_600_000, brokerUserId: 'AB1234' }, createLogger());
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

async function tradingGroup(who: TestUser, settings: { place_rejected?: boolean } = {}) {
  return dataOf(await post(who, '/users/groups/addgroup', { grp_name: 'Copiers', trading_enabled: true, ...settings }), groupSchema);
}

async function addChild(who: TestUser, groupId: string, brokerId: string, multiplier = 1) {
  return dataOf(await post(who, '/users/groups/addgroupbroker', { group_id: groupId, broker_id: brokerId, multiplier }), groupBrokerSchema);
}

const groupById = async (who: TestUser, groupId: string) => dataOf(await post(who, '/users/groups/getgroupbyid', { group_id: groupId }), groupSchema);

function groupTicket(groupId: string, fields: Record<string, unknown> = {}) {
  return {
    group_id: groupId,
    script_id: 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    idempotency_key: `group-${randomUUID()}`,
    ...fields,
  };
}

const placeGroup = (who: TestUser, body: unknown) => post(who, '/users/broker/group/placeorder', body);
const placedGroup = async (who: TestUser, body: unknown) => dataOf(await placeGroup(who, body), groupOrderFanOutSchema);

async function ltpOf(who: TestUser, scriptId: string): Promise<number> {
  return dataOf(await post(who, '/scripts/getltp', { script_id: scriptId }), ltpQuoteSchema).ltp;
}

/** Every order of one group, from the group history (no status refresh needed: the orders are settled or left as they are). */
async function groupHistory(who: TestUser, groupId: string) {
  return dataOf(await post(who, '/users/getgrouporderhistory', { group_id: groupId, limit: 100 }), cursorPage(linkedOrderSchema)).items;
}

/** The order counters as a recount of the group's orders: every order once, its quantity in its status. */
async function recount(who: TestUser, groupId: string) {
  const counted = { total_orders: 0, total_quantity: 0, pending_quantity: 0, completed_quantity: 0, cancelled_quantity: 0, rejected_quantity: 0, failed_quantity: 0 };
  for (const order of await groupHistory(who, groupId)) {
    counted.total_orders += 1;
    counted.total_quantity += order.quantity;
    counted[`${order.status}_quantity`] += order.quantity;
  }
  return counted;
}

async function expectCountersMatchOrders(who: TestUser, groupId: string) {
  const counted = await recount(who, groupId);
  expect(await groupById(who, groupId)).toMatchObject(counted);
  return counted;
}

const childTargets = (answer: GroupOrderFanOut) => answer.targets.filter((target) => target.role === 'child');

describe('POST /users/broker/group/placeorder: fan-out to the children', () => {
  it('gives each child its multiple in whole lots, records a child below one lot with the reason, and counts exactly', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    const multipliers = [1, 2, 0.5, 0.75, 0.25];
    const children: z.infer<typeof groupBrokerSchema>[] = [];
    for (const multiplier of multipliers) children.push(await addChild(alice, group.grp_id, await tradingPaperAccount(alice), multiplier));
    const farBelow = roundToTick((await ltpOf(alice, NIFTY_FUTURE)) * 0.5, 0.05);

    const answer = await placedGroup(
      alice,
      groupTicket(group.grp_id, { script_id: NIFTY_FUTURE, product: 'CARRYFORWARD', order_type: 'LIMIT', price: farBelow, quantity: 2 * NIFTY_LOT }),
    );

    expect(answer).toMatchObject({ grp_id: group.grp_id, quantity: 130, lot_size: NIFTY_LOT, state: 'placed', replayed: false, origin: 'manual' });
    expect(childTargets(answer).map((target) => [target.grp_broker_id, target.multiplier, target.quantity, target.outcome])).toEqual([
      [children[0]?.grp_broker_id, 1, 130, 'placed'],
      [children[1]?.grp_broker_id, 2, 260, 'placed'],
      [children[2]?.grp_broker_id, 0.5, 65, 'placed'],
      [children[3]?.grp_broker_id, 0.75, 65, 'placed'],
      [children[4]?.grp_broker_id, 0.25, 0, 'skipped'],
    ]);
    expect(answer.targets[4]).toMatchObject({ status: null, order_id: null, order: null, reason: 'Below one lot at 0.25× (2 lots × 0.25 = 0.5 lot).' });
    for (const target of answer.targets.slice(0, 4)) {
      expect(target).toMatchObject({ status: 'pending', reason: null });
      expect(target.order).toMatchObject({
        origin: 'copytrading',
        grp_id: group.grp_id,
        grp_broker_id: target.grp_broker_id,
        group_order_id: answer.group_order_id,
        broker_id: target.broker_id,
        submission: 'SUBMITTED',
      });
    }
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toEqual({
      total_orders: 4,
      total_quantity: 520,
      pending_quantity: 520,
      completed_quantity: 0,
      cancelled_quantity: 0,
      rejected_quantity: 0,
      failed_quantity: 0,
    });
    const history = await groupHistory(alice, group.grp_id);
    expect(history.map((order) => order.grp_broker_id).sort()).toEqual(children.slice(0, 4).map((child) => child.grp_broker_id).sort());
    const oneGroupOrder = await post(alice, '/users/getgrouporderhistory', { group_order_id: answer.group_order_id });
    expect(dataOf(oneGroupOrder, cursorPage(linkedOrderSchema)).items).toHaveLength(4);
  });

  it('refuses a group whose trading is off (422) and a ticket that breaks a rule (400), placing nothing', async () => {
    const alice = await createTestUser();
    const group = dataOf(await post(alice, '/users/groups/addgroup', { grp_name: 'Idle' }), groupSchema);
    await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    expectError(await placeGroup(alice, groupTicket(group.grp_id)), 422, 'Trading is turned off for this group. Turn it on to place group orders.');
    const trading = await tradingGroup(alice);
    await addChild(alice, trading.grp_id, await tradingPaperAccount(alice));
    expectError(await placeGroup(alice, groupTicket(trading.grp_id, { script_id: NIFTY_FUTURE, product: 'CARRYFORWARD', quantity: NIFTY_LOT + 1 })), 400);
    expect(await groupHistory(alice, group.grp_id)).toEqual([]);
    expect(await groupHistory(alice, trading.grp_id)).toEqual([]);
  });

  it('lists a child that cannot trade with its reason and places the others', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    const trading = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    const flagOff = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    dataOf(await post(alice, '/users/groups/updatechildtradingflag', { group_id: group.grp_id, grp_broker_id: flagOff.grp_broker_id, trading_enabled: false }), groupBrokerSchema);
    const removed = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    expect((await post(alice, '/users/broker/removebroker', { broker_id: removed.broker_id })).status).toBe(200);

    const answer = await placedGroup(alice, groupTicket(group.grp_id));
    expect(answer.targets.map((target) => [target.grp_broker_id, target.outcome, target.status, target.reason])).toEqual([
      [trading.grp_broker_id, 'placed', 'completed', null],
      [flagOff.grp_broker_id, 'skipped', null, 'Trading is turned off for this account in the group.'],
      [removed.grp_broker_id, 'skipped', null, 'This broker account has been removed.'],
    ]);
    // The fan-out answers once the broker accepted, without reading the order back: the paper exchange's answer carries its fill.
    expect(answer.targets[0]?.order?.submission).toBe('SUBMITTED');
    expect((await groupHistory(alice, group.grp_id)).map((order) => order.status)).toEqual(['completed']);
  });
});

describe('the master goes first', () => {
  async function groupWithKiteMaster(alice: TestUser, placeRejected: boolean) {
    const group = await tradingGroup(alice, { place_rejected: placeRejected });
    const master = await tradingKiteAccount(alice);
    dataOf(await post(alice, '/users/groups/connectmaster', { group_id: group.grp_id, broker_id: master }), groupSchema);
    for (const multiplier of [1, 2]) await addChild(alice, group.grp_id, await tradingPaperAccount(alice), multiplier);
    return { group, master };
  }

  // The Kite fake lists SBIN only: an INFY order is refused by "Kite" at once, the paper children would fill it.
  const infy = (groupId: string) => groupTicket(groupId, { script_id: 'NSE:INFY' });

  it("does not place the children when the master's order is rejected and place-rejected is off", async () => {
    const alice = await createTestUser();
    const { group, master } = await groupWithKiteMaster(alice, false);
    const answer = await placedGroup(alice, infy(group.grp_id));
    expect(answer.targets[0]).toMatchObject({ role: 'master', broker_id: master, outcome: 'placed', status: 'rejected', grp_broker_id: null });
    const masterReason = answer.targets[0]?.reason ?? '';
    expect(masterReason).toMatch(/does not exist/);
    for (const target of childTargets(answer)) {
      expect(target).toMatchObject({ outcome: 'skipped', order: null, reason: `Not placed: master order rejected (${masterReason})` });
    }
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_orders: 1, rejected_quantity: 1 });
  });

  it("still places the children when place-rejected is on", async () => {
    const alice = await createTestUser();
    const { group } = await groupWithKiteMaster(alice, true);
    const answer = await placedGroup(alice, infy(group.grp_id));
    expect(answer.targets.map((target) => [target.role, target.outcome, target.status, target.quantity])).toEqual([
      ['master', 'placed', 'rejected', 1],
      ['child', 'placed', 'completed', 1],
      ['child', 'placed', 'completed', 2],
    ]);
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_orders: 3, rejected_quantity: 1, completed_quantity: 3 });
  });

  it("marks the master's order as the group's (so it is never copied again) and reads it back before the children go", async () => {
    const alice = await createTestUser();
    const { group, master } = await groupWithKiteMaster(alice, false);
    const answer = await placedGroup(alice, groupTicket(group.grp_id));
    expect(answer.targets[0]?.order).toMatchObject({ broker_id: master, origin: 'copytrading', grp_id: group.grp_id, grp_broker_id: null, group_order_id: answer.group_order_id });
    // The master's order is read back (its fill or rejection decides the children); the paper children's answers carry their fills.
    expect(answer.targets.map((target) => target.status)).toEqual(['completed', 'completed', 'completed']);
    expect((await groupHistory(alice, group.grp_id)).map((order) => order.status)).toEqual(['completed', 'completed', 'completed']);
  });
});

describe('a child whose broker is down', () => {
  it('fails that child with the reason, settled by tag without a second order, and leaves the others placed', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    const paperChild = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    const kiteChild = await addChild(alice, group.grp_id, await tradingKiteAccount(alice));
    const otherPaper = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    const kiteOrdersBefore = kite.orders().length;
    kite.inject('place', { kind: 'server-error', status: 503 });

    const answer = await placedGroup(alice, groupTicket(group.grp_id));

    const byChild = new Map(answer.targets.map((target) => [target.grp_broker_id, target]));
    expect(byChild.get(paperChild.grp_broker_id)).toMatchObject({ outcome: 'placed', status: 'completed', order: { submission: 'SUBMITTED' } });
    expect(byChild.get(otherPaper.grp_broker_id)).toMatchObject({ outcome: 'placed', status: 'completed', order: { submission: 'SUBMITTED' } });
    const failed = byChild.get(kiteChild.grp_broker_id);
    expect(failed).toMatchObject({ outcome: 'placed', status: 'failed' });
    expect(failed?.reason).toMatch(/^Not placed: the broker has no order tagged [0-9A-Z]{20}/);
    expect(kite.orders()).toHaveLength(kiteOrdersBefore);
    const details = dataOf(await post(alice, '/users/getorderdetails', { order_id: failed?.order_id }), orderDetailsSchema);
    expect(details.timeline.map((event) => event.submission)).toEqual(['SUBMITTING', 'UNKNOWN', 'REJECTED']);
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_orders: 3, completed_quantity: 2, failed_quantity: 1 });
  });
});

describe('retries never place twice', () => {
  it('answers a retried or concurrent request with the first group order, and refuses the key for another ticket', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    await addChild(alice, group.grp_id, await tradingKiteAccount(alice), 2);
    const body = groupTicket(group.grp_id);
    const kiteOrdersBefore = kite.orders().length;

    const [first, concurrent] = await Promise.all([placedGroup(alice, body), placedGroup(alice, body)]);
    const retried = await placedGroup(alice, body);

    expect(concurrent.group_order_id).toBe(first.group_order_id);
    expect(retried).toMatchObject({ group_order_id: first.group_order_id, replayed: true, state: 'placed' });
    expect(retried.targets.map((target) => target.order_id)).toEqual(first.targets.map((target) => target.order_id));
    expect(await groupHistory(alice, group.grp_id)).toHaveLength(2);
    expect(kite.orders()).toHaveLength(kiteOrdersBefore + 1);
    expectError(await placeGroup(alice, { ...body, quantity: 5 }), 409, 'This idempotency key was already used for another group order.');
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_orders: 2, total_quantity: 3 });
  });
});

describe('30 concurrent retries of one group order', () => {
  it('all answer the first group order (the retries help it finish), one order per target; after trading is turned off a retry still answers it', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    await addChild(alice, group.grp_id, await tradingPaperAccount(alice), 2);
    const body = groupTicket(group.grp_id);
    const answers = await Promise.all(Array.from({ length: 30 }, () => placeGroup(alice, body)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const placed = answers.map((answer) => dataOf(answer, groupOrderFanOutSchema));
    expect(new Set(placed.map((order) => order.group_order_id)).size).toBe(1);
    expect(await groupHistory(alice, group.grp_id)).toHaveLength(2);
    dataOf(await post(alice, '/users/groups/updategrouptradingflag', { group_id: group.grp_id, trading_enabled: false }), z.unknown());
    expect(dataOf(await placeGroup(alice, body), groupOrderFanOutSchema)).toMatchObject({ group_order_id: placed[0]?.group_order_id, replayed: true });
  });
});

describe('pending group orders: list, change one child, change all', () => {
  it('lists pending orders with names, modifies one child, cancels the rest through the group order, and refuses deletion until none is pending', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    const one = await addChild(alice, group.grp_id, await tradingPaperAccount(alice), 1);
    const two = await addChild(alice, group.grp_id, await tradingPaperAccount(alice), 2);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const placed = await placedGroup(alice, groupTicket(group.grp_id, { order_type: 'LIMIT', price: farBelow, quantity: 3 }));

    const pending = dataOf(await post(alice, '/users/groups/getgrouppendingorders', { group_id: group.grp_id }), cursorPage(pendingGroupOrderSchema.strict()));
    expect(pending.items.map((order) => [order.grp_broker_id, order.quantity, order.grp_name]).sort()).toEqual(
      [
        [one.grp_broker_id, 3, 'Copiers'],
        [two.grp_broker_id, 6, 'Copiers'],
      ].sort(),
    );
    expect(pending.items.every((order) => order.broker_combined_name.startsWith('Paper Trading'))).toBe(true);
    const everyGroup = dataOf(await post(alice, '/users/groups/getgrouppendingorders', {}), cursorPage(pendingGroupOrderSchema));
    expect(everyGroup.items).toHaveLength(2);

    expectError(await post(alice, '/users/groups/deletegroup', { group_id: group.grp_id }), 422, 'This group has pending orders. Cancel them or wait until they complete, then delete the group.');
    expectError(
      await post(alice, '/users/groups/removegroupbroker', { group_id: group.grp_id, grp_broker_id: one.grp_broker_id }),
      422,
      'This account has pending orders in the group. Cancel them or wait until they complete, then remove it.',
    );

    const twoOrder = pending.items.find((order) => order.grp_broker_id === two.grp_broker_id);
    const lower = roundToTick(farBelow - 1, 0.05);
    const modified = dataOf(
      await post(alice, '/users/broker/group/updategroupbrokerorder', {
        group_id: group.grp_id,
        grp_broker_id: two.grp_broker_id,
        order_id: twoOrder?.order_id,
        action: 'modify',
        price: lower,
        quantity: 4,
      }),
      groupOrderSchema,
    );
    expect(modified).toMatchObject({ status: 'pending', price: lower, quantity: 4, grp_broker_id: two.grp_broker_id });
    await expectCountersMatchOrders(alice, group.grp_id);

    const cancelled = dataOf(
      await post(alice, '/users/broker/group/updateorder', { group_id: group.grp_id, group_order_id: placed.group_order_id, action: 'cancel' }),
      groupOrderFanOutSchema,
    );
    expect(cancelled.targets.map((target) => [target.grp_broker_id, target.outcome, target.status])).toEqual([
      [one.grp_broker_id, 'changed', 'cancelled'],
      [two.grp_broker_id, 'changed', 'cancelled'],
    ]);
    const again = dataOf(
      await post(alice, '/users/broker/group/updateorder', { group_id: group.grp_id, group_order_id: placed.group_order_id, action: 'cancel' }),
      groupOrderFanOutSchema,
    );
    expect(again.targets.map((target) => [target.outcome, target.reason])).toEqual([
      ['skipped', 'This order is cancelled; only pending orders can be changed.'],
      ['skipped', 'This order is cancelled; only pending orders can be changed.'],
    ]);
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_orders: 2, total_quantity: 7, pending_quantity: 0, cancelled_quantity: 7 });
    expect(dataOf(await post(alice, '/users/groups/getgrouppendingorders', { group_id: group.grp_id }), cursorPage(pendingGroupOrderSchema)).items).toEqual([]);
    expect((await post(alice, '/users/groups/deletegroup', { group_id: group.grp_id })).status).toBe(200);
  });

  it('recomputes a new quantity per child from the master quantity when the whole group order is modified', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    for (const multiplier of [1, 0.5]) await addChild(alice, group.grp_id, await tradingPaperAccount(alice), multiplier);
    const farBelow = roundToTick((await ltpOf(alice, NIFTY_FUTURE)) * 0.5, 0.05);
    const placed = await placedGroup(
      alice,
      groupTicket(group.grp_id, { script_id: NIFTY_FUTURE, product: 'CARRYFORWARD', order_type: 'LIMIT', price: farBelow, quantity: 4 * NIFTY_LOT }),
    );
    expect(placed.targets.map((target) => target.quantity)).toEqual([260, 130]);
    const body = { group_id: group.grp_id, group_order_id: placed.group_order_id, action: 'modify' };
    expectError(await post(alice, '/users/broker/group/updateorder', { ...body, quantity: NIFTY_LOT + 1 }), 400);
    const modified = dataOf(await post(alice, '/users/broker/group/updateorder', { ...body, quantity: NIFTY_LOT }), groupOrderFanOutSchema);
    expect(modified.targets.map((target) => [target.outcome, target.quantity, target.reason])).toEqual([
      ['changed', 65, null],
      ['skipped', 130, 'Below one lot at 0.5× (1 lot × 0.5 = 0.5 lot).'],
    ]);
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_quantity: 195, pending_quantity: 195 });
  });

  it('keeps the counters equal to a recount of the orders through interleaved changes', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    const children: z.infer<typeof groupBrokerSchema>[] = [];
    for (const multiplier of [1, 2, 3, 1]) children.push(await addChild(alice, group.grp_id, await tradingPaperAccount(alice), multiplier));
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const placed = await placedGroup(alice, groupTicket(group.grp_id, { order_type: 'LIMIT', price: farBelow, quantity: 2 }));
    const orderOf = (index: number) => placed.targets[index]?.order_id;
    const change = (index: number, fields: Record<string, unknown>) =>
      post(alice, '/users/broker/group/updategroupbrokerorder', { group_id: group.grp_id, grp_broker_id: children[index]?.grp_broker_id, order_id: orderOf(index), ...fields });

    // Cancel, re-size, fill and a status refresh, all at once.
    const answers = await Promise.all([
      change(0, { action: 'cancel' }),
      change(1, { action: 'modify', quantity: 7 }),
      change(2, { action: 'converttomarket' }),
      post(alice, '/users/groups/getgrouppendingorders', { group_id: group.grp_id }),
      change(3, { action: 'modify', quantity: 1 }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toEqual({
      total_orders: 4,
      total_quantity: 2 + 7 + 6 + 1,
      pending_quantity: 8,
      completed_quantity: 6,
      cancelled_quantity: 2,
      rejected_quantity: 0,
      failed_quantity: 0,
    });
  });
});

describe('group positions and square-off', () => {
  // A Kite fake of their own: the fake keeps one book, so positions from the other tests would add up here.
  let books: KiteFake;
  beforeAll(async () => {
    books = await startKiteFake({
      apiKey: KITE.api_key,
      apiSecret: KITE.api_secret,
      accessToken: 'kitepositionsaccesstoken',
      instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 }],
    });
    process.env[BROKER_ENDPOINT_ENV.kiteApi] = books.url;
  });
  afterAll(async () => {
    process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
    await books.stop();
  });

  it("nets positions per symbol over the children and closes only the group's scripts", async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    const paperOne = await addChild(alice, group.grp_id, await tradingPaperAccount(alice), 1);
    const paperTwo = await addChild(alice, group.grp_id, await tradingPaperAccount(alice), 2);
    const kiteChild = await addChild(alice, group.grp_id, await tradingKiteAccount(alice, books), 1);
    // A position of the account's own, outside the group: square-off leaves it alone.
    const own = { broker_id: paperOne.broker_id, script_id: 'NSE:INFY', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `own-${randomUUID()}` };
    expect((await post(alice, '/users/broker/direct/placeorder', own)).status).toBe(200);
    await placedGroup(alice, groupTicket(group.grp_id, { quantity: 2 }));

    const positions = dataOf(await post(alice, '/users/broker/group/getpositions', { group_id: group.grp_id }), groupPositionsSchema);
    expect(positions.net.find((row) => row.script_id === 'NSE:SBIN')).toMatchObject({ net_quantity: 8, product: 'DELIVERY', children: 3 });
    expect(positions.net.find((row) => row.script_id === 'NSE:INFY')).toMatchObject({ net_quantity: 1, children: 1 });
    expect(positions.children.map((child) => [child.grp_broker_id, child.reason])).toEqual([
      [paperOne.grp_broker_id, null],
      [paperTwo.grp_broker_id, null],
      [kiteChild.grp_broker_id, null],
    ]);
    const pnl = positions.net.reduce((sum, row) => sum + row.realised_pnl + row.unrealised_pnl, 0);
    expect(positions.totals.total_pnl).toBeCloseTo(pnl, 2);

    const squared = dataOf(await post(alice, '/users/broker/group/squareoffall', { group_id: group.grp_id }), groupSquareOffSchema);
    expect(squared.children.map((child) => [child.grp_broker_id, child.orders.map((order) => [order.trading_symbol, order.transaction_type, order.quantity, order.status]), child.reason])).toEqual([
      [paperOne.grp_broker_id, [['SBIN', 'SELL', 2, 'completed']], null],
      [paperTwo.grp_broker_id, [['SBIN', 'SELL', 4, 'completed']], null],
      // A live broker's square-off answers once accepted; its fill follows (ADR 0017).
      [kiteChild.grp_broker_id, [['SBIN', 'SELL', 2, 'pending']], null],
    ]);
    for (const child of squared.children) expect(child.orders[0]).toMatchObject({ origin: 'copytrading', grp_id: group.grp_id, grp_broker_id: child.grp_broker_id, group_order_id: null });
    const after = dataOf(await post(alice, '/users/broker/group/getpositions', { group_id: group.grp_id }), groupPositionsSchema);
    expect(after.net.find((row) => row.script_id === 'NSE:SBIN')?.net_quantity).toBe(0);
    expect(after.net.find((row) => row.script_id === 'NSE:INFY')?.net_quantity).toBe(1);
    expect(await expectCountersMatchOrders(alice, group.grp_id)).toMatchObject({ total_orders: 6, completed_quantity: 16 });
  });

  it('lists a child whose broker cannot be read with the reason', async () => {
    const alice = await createTestUser();
    const group = await tradingGroup(alice);
    await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    const kiteChild = await addChild(alice, group.grp_id, await tradingKiteAccount(alice, books));
    // Reads are retried: every attempt of this read fails.
    for (let attempt = 0; attempt < 5; attempt += 1) books.inject('positions', { kind: 'server-error', status: 503 });
    const positions = dataOf(await post(alice, '/users/broker/group/getpositions', { group_id: group.grp_id }), groupPositionsSchema);
    expect(positions.children[0]).toMatchObject({ reason: null, positions: { positions: [] } });
    expect(positions.children[1]).toMatchObject({ grp_broker_id: kiteChild.grp_broker_id, positions: null });
    expect(positions.children[1]?.reason).toBeTruthy();
  });
});

describe('bad input and other users', () => {
  it.each([
    ['/users/broker/group/placeorder', { group_id: 'nope', script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: 'abcdefgh1' }],
    ['/users/broker/group/placeorder', { group_id: UNKNOWN_ULID, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 0, idempotency_key: 'abcdefgh1' }],
    ['/users/broker/group/placeorder', { group_id: UNKNOWN_ULID, broker_id: UNKNOWN_ULID, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: 'abcdefgh1' }],
    ['/users/broker/group/updateorder', { group_id: UNKNOWN_ULID, group_order_id: 'x', action: 'cancel' }],
    ['/users/broker/group/updateorder', { group_id: UNKNOWN_ULID, group_order_id: UNKNOWN_ULID, action: 'close' }],
    ['/users/broker/group/updategroupbrokerorder', { group_id: UNKNOWN_ULID, grp_broker_id: UNKNOWN_ULID, action: 'cancel' }],
    ['/users/broker/group/squareoffall', { group_id: 7 }],
    ['/users/broker/group/getpositions', {}],
    ['/users/groups/getgrouppendingorders', { group_id: UNKNOWN_ULID, limit: 0 }],
    ['/users/getgrouporderhistory', { group_id: 'not-a-group' }],
  ])('%s refuses %j with 400', async (path, body) => {
    const alice = await createTestUser();
    expectError(await post(alice, path, body), 400);
  });

  it("answers 404 for another user's group, child, order and group order, and changes nothing", async () => {
    const alice = await createTestUser();
    const mallory = await createTestUser();
    const group = await tradingGroup(alice);
    const child = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const placed = await placedGroup(alice, groupTicket(group.grp_id, { order_type: 'LIMIT', price: farBelow }));
    const orderId = placed.targets[0]?.order_id;
    const malloryGroup = await tradingGroup(mallory);
    const malloryChild = await addChild(mallory, malloryGroup.grp_id, await tradingPaperAccount(mallory));
    const before = await groupById(alice, group.grp_id);

    const asMallory: [string, Record<string, unknown>, string][] = [
      ['/users/broker/group/placeorder', groupTicket(group.grp_id), 'Group not found'],
      ['/users/broker/group/updateorder', { group_id: group.grp_id, group_order_id: placed.group_order_id, action: 'cancel' }, 'Group not found'],
      ['/users/broker/group/updategroupbrokerorder', { group_id: group.grp_id, grp_broker_id: child.grp_broker_id, order_id: orderId, action: 'cancel' }, 'Group not found'],
      ['/users/broker/group/updategroupbrokerorder', { group_id: malloryGroup.grp_id, grp_broker_id: malloryChild.grp_broker_id, order_id: orderId, action: 'cancel' }, 'Order not found'],
      ['/users/broker/group/updateorder', { group_id: malloryGroup.grp_id, group_order_id: placed.group_order_id, action: 'cancel' }, 'Group order not found'],
      ['/users/broker/group/squareoffall', { group_id: group.grp_id }, 'Group not found'],
      ['/users/broker/group/getpositions', { group_id: group.grp_id }, 'Group not found'],
      ['/users/groups/getgrouppendingorders', { group_id: group.grp_id }, 'Group not found'],
      ['/users/getgrouporderhistory', { group_id: group.grp_id }, 'Group not found'],
    ];
    for (const [path, body, message] of asMallory) expectError(await post(mallory, path, body), 404, message);
    // Alice's own ids, crossed: her order under a child it does not belong to.
    const other = await addChild(alice, group.grp_id, await tradingPaperAccount(alice));
    expectError(
      await post(alice, '/users/broker/group/updategroupbrokerorder', { group_id: group.grp_id, grp_broker_id: other.grp_broker_id, order_id: orderId, action: 'cancel' }),
      404,
      'Order not found',
    );
    expectError(await post(alice, '/users/broker/group/updateorder', { group_id: group.grp_id, group_order_id: UNKNOWN_ULID, action: 'cancel' }), 404, 'Group order not found');

    const after = await groupById(alice, group.grp_id);
    expect({ ...after, group_broker_count: before.group_broker_count, updated_at: before.updated_at }).toEqual(before);
    const stillPending = dataOf(await post(alice, '/users/getorderdetails', { order_id: orderId }), orderSchema.passthrough());
    expect(stillPending.status).toBe('pending');
  });
});
