import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { now as clockNow, nowMs } from '../../functions/platform/clock';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupBrokerSchema, groupOrderFanOutSchema, groupSchema } from '../../shared/contracts/groups';
import { linkedOrderSchema, orderDetailsSchema, placedOrderSchema } from '../../shared/contracts/orders';
import { cursorPage } from '../../shared/contracts/paging';
import { ltpQuoteSchema } from '../../shared/contracts/scripts';
import { notificationSchema } from '../../shared/contracts/user';
import { roundToTick } from '../../shared/domain/tick-math';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { storeSession } from '../../functions/broker-accounts/sessions/store-session';
import { getBrokerAccount } from '../../functions/data/broker-accounts-repository';
import { claimGroupMirror, leaseGroupMirrorChange, listGroupMirrors } from '../../functions/data/groups/group-mirror';
import { listGroupsMasteredBy, listMirroredGroups } from '../../functions/data/groups/masters-index';
import { isMasterPolledAt } from '../../functions/groups/mirroring/mirror-hours';
import { mirrorPlacementKey } from '../../functions/groups/mirroring/mirror-group-order';
import { mirrorMaster } from '../../functions/groups/mirroring/mirror-master';
import { MIRROR_NOTIFICATION_TYPE } from '../../functions/groups/mirroring/mirror-notifications';
import { findScript } from '../../functions/market/ltp';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';
import { farthestListedFuture } from '../support/listed-contracts';

/**
 * Master mirroring end to end: the real routes, use-cases and mirror step on DynamoDB Local, paper
 * masters and children (the paper exchange always open) and Zerodha masters on the Kite Connect fake,
 * where an order can also be placed straight at "Kite" as Kite web would. A poll here is the step the
 * schedule runs for one master, called for this file's own groups only.
 */
process.env.SECRETS_LOCAL_KEY = randomBytes(32).toString('base64');

const api = useGateway();
const KITE = { api_key: 'kitemirrorkey1234', api_secret: 'kiteMirrorSecret0123456789abcdef' };
const KITE_ORDER_TIMESTAMP = '2026-01-05 10:00:00';
let kite: KiteFake;
let restoreSettings: () => void = () => undefined;

beforeAll(async () => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 10 });
  kite = await startKiteFake({
    apiKey: KITE.api_key,
    apiSecret: KITE.api_secret,
    accessToken: 'kitemirroraccesstoken',
    instruments: [
      { exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 },
      // Kite lists it; the platform's instrument master does not.
      { exchange: 'NSE', tradingsymbol: 'ZZUNLISTED', instrumentToken: 999_001, lastPrice: 10 },
    ],
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
const log = createLogger({ test: 'group-mirroring' }, 'error');

const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connected = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: connected.account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return connected.account.broker_id;
}

/** A Zerodha account connected on the fake's one session (every Zerodha account of this file shares its book). */
async function kiteAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'zerodha', credentials: KITE }), z.object({ account: brokerAccountSchema }));
  const stored = await getBrokerAccount(ownerOf(who), account.broker_id);
  if (!stored) throw new Error('Zerodha account not stored');
  await storeSession(ownerOf(who), stored, { tokens: { access_token: kite.accessToken() }, validUntil: nowMs() + 3_600_000, brokerUserId: 'AB1234' }, createLogger());
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

interface MirroredGroup {
  readonly grpId: string;
  readonly masterId: string;
  readonly children: z.infer<typeof groupBrokerSchema>[];
}

/** A trading group with paper children at these multipliers and the given master connected. */
async function mirroredGroup(who: TestUser, masterId: string, multipliers: readonly number[], settings: { place_rejected?: boolean } = {}): Promise<MirroredGroup> {
  const group = dataOf(await post(who, '/users/groups/addgroup', { grp_name: 'Mirrors', trading_enabled: true, ...settings }), groupSchema);
  const children: z.infer<typeof groupBrokerSchema>[] = [];
  for (const multiplier of multipliers) {
    const brokerId = await tradingPaperAccount(who);
    children.push(dataOf(await post(who, '/users/groups/addgroupbroker', { group_id: group.grp_id, broker_id: brokerId, multiplier }), groupBrokerSchema));
  }
  dataOf(await post(who, '/users/groups/connectmaster', { group_id: group.grp_id, broker_id: masterId }), groupSchema);
  return { grpId: group.grp_id, masterId, children };
}

/** One mirror step for the group's master, as the schedule runs it; a group the step could not mirror fails the test. */
async function poll(who: TestUser, group: MirroredGroup) {
  const report = await mirrorMaster({ owner: ownerOf(who), accountId: group.masterId, grpIds: [group.grpId] }, log, { onlyInPollingHours: false });
  expect(report.failedGroups).toEqual([]);
  return report;
}

async function placeDirect(who: TestUser, brokerId: string, fields: Record<string, unknown> = {}) {
  const body = { broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `direct-${randomUUID()}`, ...fields };
  return dataOf(await post(who, '/users/broker/direct/placeorder', body), placedOrderSchema).order;
}

/** An order placed at "Kite" directly (as on Kite web): the platform has no record of it. */
async function placeOnKite(fields: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${kite.url}/orders/regular`, {
    method: 'POST',
    headers: {
      'x-kite-version': '3',
      authorization: `token ${KITE.api_key}:${kite.accessToken()}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ exchange: 'NSE', tradingsymbol: 'SBIN', transaction_type: 'BUY', product: 'CNC', order_type: 'LIMIT', price: '800', quantity: '1', validity: 'DAY', ...fields }),
  });
  return z.object({ data: z.object({ order_id: z.string() }) }).parse(await response.json()).data.order_id;
}

async function ltpOf(who: TestUser, scriptId: string): Promise<number> {
  return dataOf(await post(who, '/scripts/getltp', { script_id: scriptId }), ltpQuoteSchema).ltp;
}

/** Every order of the group (the children's copies; a group order's master order too). */
async function groupHistory(who: TestUser, grpId: string) {
  return dataOf(await post(who, '/users/getgrouporderhistory', { group_id: grpId, limit: 100 }), cursorPage(linkedOrderSchema)).items;
}

async function orderDetails(who: TestUser, orderId: string) {
  return dataOf(await post(who, '/users/getorderdetails', { order_id: orderId }), orderDetailsSchema);
}

const notesOf = (details: z.infer<typeof orderDetailsSchema>, note: string) => details.timeline.filter((event) => event.note === note).length;

async function expectCountersMatchOrders(who: TestUser, grpId: string) {
  const counted = { total_orders: 0, total_quantity: 0, pending_quantity: 0, completed_quantity: 0, cancelled_quantity: 0, rejected_quantity: 0, failed_quantity: 0 };
  for (const order of await groupHistory(who, grpId)) {
    counted.total_orders += 1;
    counted.total_quantity += order.quantity;
    counted[`${order.status}_quantity`] += order.quantity;
  }
  expect(dataOf(await post(who, '/users/groups/getgroupbyid', { group_id: grpId }), groupSchema)).toMatchObject(counted);
}

describe('copying what the master places', () => {
  it("copies an order placed directly on the master once, at each child's multiple, however often and however concurrently the book is polled", async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1, 2, 0.5]);
    const farBelow = roundToTick((await ltpOf(alice, NIFTY_FUTURE)) * 0.5, 0.05);
    const masterOrder = await placeDirect(alice, group.masterId, { script_id: NIFTY_FUTURE, product: 'CARRYFORWARD', order_type: 'LIMIT', price: farBelow, quantity: 2 * NIFTY_LOT });
    expect(masterOrder).toMatchObject({ origin: 'manual', status: 'pending' });

    await Promise.all([poll(alice, group), poll(alice, group)]);
    for (let round = 0; round < 5; round += 1) await poll(alice, group);

    const copies = await groupHistory(alice, group.grpId);
    expect(copies.map((order) => [order.grp_broker_id, order.quantity]).sort()).toEqual(
      [
        [group.children[0]?.grp_broker_id, 130],
        [group.children[1]?.grp_broker_id, 260],
        [group.children[2]?.grp_broker_id, 65],
      ].sort(),
    );
    for (const copy of copies) {
      expect(copy).toMatchObject({ origin: 'copytrading', grp_id: group.grpId, script_id: NIFTY_FUTURE, transaction_type: 'BUY', order_type: 'LIMIT', price: farBelow, status: 'pending' });
    }
    expect(new Set(copies.map((order) => order.group_order_id)).size).toBe(1);
    await expectCountersMatchOrders(alice, group.grpId);
  });

  it('continues the same group order when a copy stopped between its claim and the fan-out', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1, 3]);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const masterOrder = await placeDirect(alice, group.masterId, { order_type: 'LIMIT', price: farBelow, quantity: 2 });
    // What a poller that crashed right after claiming the row leaves behind.
    const groupOrderId = ulid();
    const claimed = await claimGroupMirror(
      ownerOf(alice),
      {
        grp_id: group.grpId,
        master_broker_id: group.masterId,
        broker_order_id: masterOrder.broker_order_id ?? '',
        state: 'copying',
        reason: null,
        group_order_id: groupOrderId,
        idempotency_key: mirrorPlacementKey(groupOrderId),
        instrument: await findScript('NSE:SBIN'),
        transaction_type: 'BUY',
        product: 'DELIVERY',
        master: { status: 'pending', order_type: 'LIMIT', quantity: 2, price: farBelow, trigger_price: null },
      },
      null,
      clockNow(),
    );
    expect(claimed).not.toBeNull();

    await Promise.all([poll(alice, group), poll(alice, group)]);
    await poll(alice, group);

    const copies = await groupHistory(alice, group.grpId);
    expect(copies.map((order) => [order.grp_broker_id, order.quantity, order.group_order_id]).sort()).toEqual(
      [
        [group.children[0]?.grp_broker_id, 2, groupOrderId],
        [group.children[1]?.grp_broker_id, 6, groupOrderId],
      ].sort(),
    );
  });
});

describe("changes of the master's order", () => {
  it('brings the pending children to a modification and then a cancellation of a pending LIMIT master order, once each', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1, 2]);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    const masterOrder = await placeDirect(alice, group.masterId, { order_type: 'LIMIT', price: farBelow, quantity: 1 });
    await poll(alice, group);
    expect((await groupHistory(alice, group.grpId)).map((order) => order.quantity).sort()).toEqual([1, 2]);

    const lower = roundToTick(farBelow - 1, 0.05);
    const modify = { order_id: masterOrder.order_id, action: 'modify', price: lower, quantity: 2 };
    expect((await post(alice, '/users/broker/direct/updateorder', modify)).status).toBe(200);
    await Promise.all([poll(alice, group), poll(alice, group)]);
    await poll(alice, group);
    await poll(alice, group);

    const modified = await groupHistory(alice, group.grpId);
    expect(modified.map((order) => [order.grp_broker_id, order.quantity, order.price, order.status]).sort()).toEqual(
      [
        [group.children[0]?.grp_broker_id, 2, lower, 'pending'],
        [group.children[1]?.grp_broker_id, 4, lower, 'pending'],
      ].sort(),
    );
    for (const order of modified) expect(notesOf(await orderDetails(alice, order.order_id), 'Modification sent to the broker')).toBe(1);

    expect((await post(alice, '/users/broker/direct/updateorder', { order_id: masterOrder.order_id, action: 'cancel' })).status).toBe(200);
    await Promise.all([poll(alice, group), poll(alice, group)]);
    await poll(alice, group);

    const cancelled = await groupHistory(alice, group.grpId);
    expect(cancelled.map((order) => order.status)).toEqual(['cancelled', 'cancelled']);
    for (const order of cancelled) expect(notesOf(await orderDetails(alice, order.order_id), 'Cancellation sent to the broker')).toBe(1);
    await expectCountersMatchOrders(alice, group.grpId);
  });

  it('lets one poller only take a change of the record both read', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1]);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    await placeDirect(alice, group.masterId, { order_type: 'LIMIT', price: farBelow, quantity: 1 });
    await poll(alice, group);
    const [read] = await listGroupMirrors(ownerOf(alice), group.grpId, group.masterId);
    if (!read) throw new Error('no mirror record');
    expect(read.state).toBe('copied');

    const now = clockNow();
    const until = new Date(now.getTime() + 60_000);
    const leases = await Promise.all([0, 1, 2].map(() => leaseGroupMirrorChange(ownerOf(alice), read, until, now)));
    expect(leases.filter((lease) => lease !== null)).toHaveLength(1);
    // Nor can a later poller take it while the lease runs, even with the record as it is now.
    const [current] = await listGroupMirrors(ownerOf(alice), group.grpId, group.masterId);
    if (!current) throw new Error('no mirror record');
    expect(await leaseGroupMirrorChange(ownerOf(alice), current, until, now)).toBeNull();
  });
});

describe('what is not copied', () => {
  it('never copies again a group order the master took part in', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1, 2]);
    const body = { group_id: group.grpId, script_id: 'NSE:SBIN', transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 1, idempotency_key: `group-${randomUUID()}` };
    const placed = dataOf(await post(alice, '/users/broker/group/placeorder', body), groupOrderFanOutSchema);
    expect(placed.targets.map((target) => [target.role, target.outcome])).toEqual([
      ['master', 'placed'],
      ['child', 'placed'],
      ['child', 'placed'],
    ]);

    await Promise.all([poll(alice, group), poll(alice, group)]);
    await poll(alice, group);

    const orders = await groupHistory(alice, group.grpId);
    expect(orders).toHaveLength(3);
    expect(orders.every((order) => order.group_order_id === placed.group_order_id)).toBe(true);
  });

  it("leaves the orders on the master's book at connectmaster alone and copies what comes after", async () => {
    const alice = await createTestUser();
    const masterId = await tradingPaperAccount(alice);
    const farBelow = roundToTick((await ltpOf(alice, 'NSE:SBIN')) * 0.5, 0.05);
    await placeDirect(alice, masterId, { order_type: 'LIMIT', price: farBelow, quantity: 5 });
    await placeDirect(alice, masterId, { quantity: 7 });
    const group = await mirroredGroup(alice, masterId, [1]);
    // Placed before any poll: the baseline was taken by connectmaster itself, so this one is new.
    await placeDirect(alice, masterId, { quantity: 3 });

    await poll(alice, group);
    await poll(alice, group);
    expect((await groupHistory(alice, group.grpId)).map((order) => [order.grp_broker_id, order.quantity])).toEqual([[group.children[0]?.grp_broker_id, 3]]);
  });

  it('stops copying at disconnectmaster, and a master connected again starts from its book as it is then', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1]);
    const { frchId } = ownerOf(alice);
    expect((await listGroupsMasteredBy(frchId, group.masterId)).map((ref) => ref.grpId)).toEqual([group.grpId]);
    const indexed: string[] = [];
    for await (const ref of listMirroredGroups()) indexed.push(ref.grpId);
    expect(indexed).toContain(group.grpId);

    dataOf(await post(alice, '/users/groups/disconnectmaster', { group_id: group.grpId }), groupSchema);
    expect(await listGroupsMasteredBy(frchId, group.masterId)).toEqual([]);
    await placeDirect(alice, group.masterId, { quantity: 2 });
    expect((await poll(alice, group)).polled).toBe(false);
    expect(await groupHistory(alice, group.grpId)).toEqual([]);

    dataOf(await post(alice, '/users/groups/connectmaster', { group_id: group.grpId, broker_id: group.masterId }), groupSchema);
    await poll(alice, group);
    expect(await groupHistory(alice, group.grpId)).toEqual([]);
    await placeDirect(alice, group.masterId, { quantity: 4 });
    await poll(alice, group);
    expect((await groupHistory(alice, group.grpId)).map((order) => order.quantity)).toEqual([4]);
  });
});

describe("a master's order that Kite rejects", () => {
  it('is not copied while place-rejected is off: the copy waits until Kite has accepted the order', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await kiteAccount(alice), [1, 2], { place_rejected: false });
    kite.inject('place', { kind: 'accept-then-reject', reason: 'RMS: Margin exceeds, required 800.00, available 0.00' });
    await placeOnKite();

    await poll(alice, group); // VALIDATION PENDING: Kite may still reject it
    expect(await groupHistory(alice, group.grpId)).toEqual([]);
    await poll(alice, group); // REJECTED
    await poll(alice, group);
    expect(await groupHistory(alice, group.grpId)).toEqual([]);

    await placeOnKite({ quantity: '2' });
    await poll(alice, group);
    expect((await groupHistory(alice, group.grpId)).map((order) => order.quantity).sort()).toEqual([2, 4]);
  });

  it('is copied at once while place-rejected is on, and only once', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await kiteAccount(alice), [1, 2], { place_rejected: true });
    kite.inject('place', { kind: 'accept-then-reject', reason: 'RMS: Margin exceeds, required 800.00, available 0.00' });
    await placeOnKite();

    await poll(alice, group);
    await poll(alice, group);
    const copies = await groupHistory(alice, group.grpId);
    expect(copies.map((order) => [order.quantity, order.script_id, order.product, order.order_type, order.price]).sort()).toEqual([
      [1, 'NSE:SBIN', 'DELIVERY', 'LIMIT', 800],
      [2, 'NSE:SBIN', 'DELIVERY', 'LIMIT', 800],
    ]);
  });
});

describe('Kite postbacks', () => {
  function postback(brokerId: string, orderId: string, checksum?: string) {
    const signed = createHash('sha256').update(orderId + KITE_ORDER_TIMESTAMP + KITE.api_secret).digest('hex');
    const body = { user_id: 'AB1234', order_id: orderId, status: 'OPEN', order_timestamp: KITE_ORDER_TIMESTAMP, tradingsymbol: 'SBIN', checksum: checksum ?? signed };
    return api.call('POST', `/users/broker/postback/zerodha/${brokerId}`, { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }

  it('copies once however often a postback repeats, and answers a wrong checksum with 401 doing nothing', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await kiteAccount(alice), [1, 2]);
    const orderId = await placeOnKite({ quantity: '3' });

    const forged = await postback(group.masterId, orderId, createHash('sha256').update(`${orderId}${KITE_ORDER_TIMESTAMP}not-the-secret`).digest('hex'));
    expect(forged.status, forged.text).toBe(401);
    expect((await postback(group.masterId, orderId, 'short')).status).toBe(401);
    expect(await groupHistory(alice, group.grpId)).toEqual([]);

    const answers = await Promise.all([postback(group.masterId, orderId), postback(group.masterId, orderId)]);
    for (let round = 0; round < 3; round += 1) answers.push(await postback(group.masterId, orderId));
    for (const answer of answers) expect(dataOf(answer, z.object({ order_id: z.string() }))).toEqual({ order_id: orderId });

    expect((await groupHistory(alice, group.grpId)).map((order) => order.quantity).sort()).toEqual([3, 6]);
  });

  it('refuses a postback for an account that masters no group', async () => {
    const alice = await createTestUser();
    const lone = await kiteAccount(alice);
    const orderId = await placeOnKite();
    expect((await postback(lone, orderId)).status).toBe(401);
  });
});

describe('what goes wrong is recorded', () => {
  it('fails a child whose broker is down with the reason and places the others', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await tradingPaperAccount(alice), [1]);
    const kiteChild = dataOf(await post(alice, '/users/groups/addgroupbroker', { group_id: group.grpId, broker_id: await kiteAccount(alice), multiplier: 2 }), groupBrokerSchema);
    const kiteOrdersBefore = kite.orders().length;
    kite.inject('place', { kind: 'server-error', status: 503 });
    await placeDirect(alice, group.masterId, { quantity: 1 });

    await poll(alice, group);
    await poll(alice, group);

    const copies = new Map((await groupHistory(alice, group.grpId)).map((order) => [order.grp_broker_id, order]));
    expect(copies.size).toBe(2);
    expect(copies.get(group.children[0]?.grp_broker_id ?? '')).toMatchObject({ quantity: 1, status: 'completed' });
    const failed = copies.get(kiteChild.grp_broker_id);
    expect(failed).toMatchObject({ quantity: 2, status: 'failed' });
    expect(failed?.reason).toMatch(/^Not placed: the broker has no order tagged [0-9A-Z]{20}/);
    expect(kite.orders()).toHaveLength(kiteOrdersBefore);
  });

  it('records a master order whose script the instrument master does not know as not copied, and tells the user once', async () => {
    const alice = await createTestUser();
    const group = await mirroredGroup(alice, await kiteAccount(alice), [1]);
    const orderId = await placeOnKite({ tradingsymbol: 'ZZUNLISTED', price: '10' });

    await poll(alice, group);
    await poll(alice, group);

    expect(await groupHistory(alice, group.grpId)).toEqual([]);
    const inbox = dataOf(await post(alice, '/users/getusernotifications', { offset: 0, limit: 20 }), z.object({ items: z.array(notificationSchema) }));
    const told = inbox.items.filter((item) => item.notify_type === MIRROR_NOTIFICATION_TYPE);
    expect(told).toHaveLength(1);
    expect(told[0]?.notified_message).toContain(orderId);
    expect(told[0]?.notified_message).toContain('NSE ZZUNLISTED is not in the instrument master');
  });
});

describe('polling hours', () => {
  // 2026-01-05 is a Monday, 2026-01-10 a Saturday; IST is UTC+05:30.
  it.each([
    ['zerodha', '2026-01-05T04:30:00Z', false, true],
    ['zerodha', '2026-01-05T03:29:00Z', false, false],
    ['zerodha', '2026-01-05T18:24:00Z', false, true],
    ['zerodha', '2026-01-05T18:25:00Z', false, false],
    ['zerodha', '2026-01-10T04:30:00Z', false, false],
    ['paper', '2026-01-10T04:30:00Z', false, false],
    ['paper', '2026-01-10T04:30:00Z', true, true],
    ['zerodha', '2026-01-10T04:30:00Z', true, false],
  ] as const)('polls a %s master at %s (paper always open: %s): %s', (broker, at, paperAlwaysOpen, polled) => {
    expect(isMasterPolledAt(broker, new Date(at), paperAlwaysOpen)).toBe(polled);
  });
});
