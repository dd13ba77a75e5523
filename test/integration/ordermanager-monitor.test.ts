import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { orderGroupSchema, positionOutcomeSchema, positionSchema, type Position } from '../../shared/contracts/ordermanager';
import type { Instrument } from '../../shared/domain/instruments';
import type { BrokerAdapter } from '../../functions/broker-adapters/broker-adapter';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { createDynamoPaperStore } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { orderManagerKeys } from '../../functions/data/keys';
import { listNotifications } from '../../functions/data/notifications-repository';
import { getOrderGroup } from '../../functions/data/ordermanager/order-group';
import { getPosition } from '../../functions/data/ordermanager/position';
import { trackPosition } from '../../functions/data/ordermanager/position-changes';
import { getOrder } from '../../functions/data/orders/order';
import { recordChange } from '../../functions/orders/order-records';
import { tableName } from '../../functions/data/table';
import { findScript } from '../../functions/market/ltp';
import { createCandleBook } from '../../functions/ordermanager/monitor/candle-book';
import { ORDER_MANAGER_NOTIFICATION_TYPE } from '../../functions/ordermanager/monitor/monitor-notifications';
import { monitorOrderGroups } from '../../functions/ordermanager/monitor/monitor-tick';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { dynamo } from '../../functions/platform/clients';
import { useClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * The position monitor against the real order path: DynamoDB Local, the paper broker, the API for
 * adding and entering positions. Prices are the paper feed's, a pure function of the second, so each
 * test moves the platform clock to a second where the feed is where it needs the price to be and
 * runs one tick of the monitor over its own group (the schedule's tick reads every watched group of
 * the shared table, which other test files also write).
 */
const api = useGateway();
const feed = createPriceFeed();
const log = createLogger({ test: 'ordermanager-monitor' }, 'error');
const T0 = new Date('2025-11-20T05:00:00.000Z');
let now = T0;

/** Accounts whose broker loses the place answer and cannot read its book, as a test switches them. */
const losesAnswers = new Set<string>();
function timeout(): Error {
  const error = new Error('Request to the broker timed out after 5000 ms');
  error.name = 'TimeoutError';
  return error;
}
function doubleOver(inner: BrokerAdapter, accountId: string): BrokerAdapter {
  return {
    ...inner,
    placeOrder: async (order) => {
      const outcome = await inner.placeOrder(order);
      if (losesAnswers.has(accountId)) throw timeout();
      return outcome;
    },
    orderBook: async () => {
      if (losesAnswers.has(accountId)) throw timeout();
      return inner.orderBook();
    },
  };
}

let restoreSettings: () => void = () => undefined;
let restoreClock: () => void = () => undefined;
let sbin: Instrument;
beforeAll(async () => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 5, wrapAdapter: (adapter, account) => doubleOver(adapter, account.broker_id) });
  restoreClock = useClock(() => now);
  sbin = await findScript('NSE:SBIN');
});
afterAll(() => {
  restoreClock();
  restoreSettings();
});

const priceAt = (at: Date) => feed.ltp(sbin, at);
/** The first second after `from` at which the paper feed's SBIN price passes the test. */
function firstSecondAfter(from: Date, test: (price: number) => boolean): Date {
  for (let second = 1; second < 500_000; second += 1) {
    const at = new Date(from.getTime() + second * 1000);
    if (test(priceAt(at))) return at;
  }
  throw new Error('the feed never got there');
}
const round = (price: number) => Math.round(price * 20) / 20;

const post = (who: TestUser, call: string, body: unknown) => api.call('POST', call.startsWith('/') ? call : `/ordermanager/${call}`, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}

interface Setup {
  readonly who: TestUser;
  readonly brokerId: string;
  readonly ogId: string;
}

async function setUp(groupBody: Record<string, unknown> = {}): Promise<Setup> {
  now = T0;
  const who = await createTestUser();
  const brokerId = await tradingPaperAccount(who);
  const group = dataOf(await post(who, 'addordergroup', { og_name: 'Monitored', ...groupBody }), orderGroupSchema);
  return { who, brokerId, ogId: group.og_id };
}

const addPosition = async ({ who, brokerId, ogId }: Setup, extra: Record<string, unknown> = {}) =>
  dataOf(await post(who, 'addposition', { og_id: ogId, broker_id: brokerId, script_id: 'NSE:SBIN', transaction_type: 'BUY', product: 'DELIVERY', quantity: 1, ...extra }), positionSchema);
const enter = async ({ who, ogId }: Setup, opId: string) => dataOf(await post(who, 'enterposition', { og_id: ogId, op_id: opId }), positionOutcomeSchema);

async function positionOf({ who, ogId }: Setup, opId: string): Promise<Position> {
  const groups = dataOf(await api.call('GET', '/ordermanager/getordergroups', { token: who.token }), z.array(orderGroupSchema.strict()));
  const position = groups.find((group) => group.og_id === ogId)?.position_data.find((candidate) => candidate.op_id === opId);
  if (!position) throw new Error(`position ${opId} not listed`);
  return position;
}

const tick = (setup: Setup, candles = createCandleBook()) => monitorOrderGroups([{ owner: ownerOf(setup.who), ogId: setup.ogId }], { log, candles });

async function paperOrderCount({ who, brokerId }: Setup): Promise<number> {
  const store = createDynamoPaperStore({ ...ownerOf(who), accountId: brokerId }, () => now);
  return (await store.load()).state.orders.length;
}

async function isIndexed(setup: Setup, opId: string): Promise<boolean> {
  const { frchId, userId } = ownerOf(setup.who);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: orderManagerKeys.position(frchId, userId, setup.ogId, opId), ConsistentRead: true }));
  return typeof Item?.GSI1PK === 'string';
}

async function notificationsOf(who: TestUser): Promise<string[]> {
  const { items } = await listNotifications(who.user.frch_id, who.user.user_id, { offset: 0, limit: 50 });
  return items.filter((item) => item.notify_type === ORDER_MANAGER_NOTIFICATION_TYPE).map((item) => item.notified_message);
}

describe('position monitor: exits', () => {
  it('exits on the target with one exit order, leg TGT, and tells the user', async () => {
    const setup = await setUp();
    const target = round(priceAt(T0) + 0.5);
    const position = await addPosition(setup, { is_tgt: true, tgt_type: 'LTP', tgt_value: target });
    expect((await enter(setup, position.op_id)).outcome).toBe('done');
    const entered = await positionOf(setup, position.op_id);
    expect(entered).toMatchObject({ op_status: 'OPEN', target_price: target, entry_avg_price: expect.any(Number), ltp: priceAt(T0) });
    expect(entered.pnl).toBe(Math.round((priceAt(T0) - (entered.entry_avg_price ?? 0)) * 100) / 100);
    expect(await isIndexed(setup, position.op_id)).toBe(true);

    await tick(setup);
    expect((await positionOf(setup, position.op_id)).op_status).toBe('OPEN');

    now = firstSecondAfter(T0, (price) => price >= target);
    expect(await tick(setup)).toEqual({ activeGroups: 1 });
    const exited = await positionOf(setup, position.op_id);
    expect(exited).toMatchObject({ op_status: 'EXITED', exit_leg: 'TGT', exit_avg_price: expect.any(Number), target_price: null });
    expect(exited.legs.map((leg) => [leg.purpose, leg.leg])).toEqual([
      ['entry', 'TRADING'],
      ['exit', 'TGT'],
    ]);
    expect(exited.timeline.some((event) => event.note.includes(`Target ${target} hit`))).toBe(true);
    expect(exited.pnl).toBe(Math.round(((exited.exit_avg_price ?? 0) - (exited.entry_avg_price ?? 0)) * 100) / 100);
    expect(await paperOrderCount(setup)).toBe(2);
    expect(await isIndexed(setup, position.op_id)).toBe(false);
    expect(await notificationsOf(setup.who)).toEqual([expect.stringContaining('exited on its target')]);

    await tick(setup);
    expect(await paperOrderCount(setup)).toBe(2);
  });

  it('exits on the stop-loss with leg SL', async () => {
    const setup = await setUp();
    const stop = round(priceAt(T0) - 0.5);
    const position = await addPosition(setup, { is_sl: true, sl_type: 'LTP', sl_value: stop });
    await enter(setup, position.op_id);
    now = firstSecondAfter(T0, (price) => price <= stop);
    await tick(setup);
    expect(await positionOf(setup, position.op_id)).toMatchObject({ op_status: 'EXITED', exit_leg: 'SL' });
    expect(await paperOrderCount(setup)).toBe(2);
    expect(await notificationsOf(setup.who)).toEqual([expect.stringContaining('exited on its stop-loss')]);
  });

  it('trails the stop as the price rises, then exits on the trailed stop', async () => {
    const setup = await setUp();
    const position = await addPosition(setup, { is_sl: true, sl_type: 'POINT', sl_value: 1, is_trail_set: true, trail_type: 'POINT', trail_trigger: 0, trail_gap: 0.5, trail_point: 0.5 });
    await enter(setup, position.op_id);
    const entered = await positionOf(setup, position.op_id);
    const fill = entered.entry_avg_price ?? 0;
    expect(entered.stop_price).toBe(round(fill - 1));

    const risen = firstSecondAfter(T0, (price) => price >= fill + 1);
    now = risen;
    await tick(setup);
    const trailed = await positionOf(setup, position.op_id);
    const steps = Math.floor((priceAt(risen) - fill) / 0.5 + 1e-9);
    expect(trailed).toMatchObject({ op_status: 'OPEN', stop_price: round(fill - 1 + steps * 0.5) });
    expect(trailed.timeline.at(-1)).toMatchObject({ action: 'trail' });
    const stop = trailed.stop_price ?? 0;
    expect(stop).toBeGreaterThanOrEqual(fill);

    now = firstSecondAfter(risen, (price) => price <= stop);
    await tick(setup);
    expect(await positionOf(setup, position.op_id)).toMatchObject({ op_status: 'EXITED', exit_leg: 'SL' });
    expect(await paperOrderCount(setup)).toBe(2);
  });

  it('places one exit order when two ticks act on the same position at once', async () => {
    const setup = await setUp();
    const target = round(priceAt(T0) + 0.5);
    const position = await addPosition(setup, { is_tgt: true, tgt_type: 'LTP', tgt_value: target });
    await enter(setup, position.op_id);
    now = firstSecondAfter(T0, (price) => price >= target);
    await Promise.all([tick(setup), tick(setup)]);
    const exited = await positionOf(setup, position.op_id);
    expect(exited).toMatchObject({ op_status: 'EXITED', exit_leg: 'TGT' });
    expect(exited.legs.filter((leg) => leg.purpose === 'exit')).toHaveLength(1);
    expect(await paperOrderCount(setup)).toBe(2);
  });
});

describe('position monitor: entries', () => {
  it('waits for an LTP entry, then enters once the price crosses', async () => {
    const setup = await setUp();
    const level = round(priceAt(T0) + 0.5);
    const position = await addPosition(setup, { entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: level });
    expect(await isIndexed(setup, position.op_id)).toBe(true);
    await tick(setup);
    expect((await positionOf(setup, position.op_id)).op_status).toBe('WAITING');
    expect(await paperOrderCount(setup)).toBe(0);

    now = firstSecondAfter(T0, (price) => price >= level);
    await tick(setup);
    const entered = await positionOf(setup, position.op_id);
    expect(entered).toMatchObject({ op_status: 'OPEN', entry_avg_price: expect.any(Number) });
    expect(entered.timeline.some((event) => event.note.includes(`ABOVE the entry price ${level}`))).toBe(true);
    expect(await paperOrderCount(setup)).toBe(1);
  });

  it('leaves a WAITING DIRECT position alone and out of the watch index', async () => {
    const setup = await setUp();
    const position = await addPosition(setup);
    expect(await isIndexed(setup, position.op_id)).toBe(false);
    expect(await tick(setup)).toEqual({ activeGroups: 1 });
    expect((await positionOf(setup, position.op_id)).op_status).toBe('WAITING');
    expect(await paperOrderCount(setup)).toBe(0);
  });

  it('reconciles an entry whose outcome was unknown, without a second order', async () => {
    const setup = await setUp();
    const position = await addPosition(setup, { is_tgt: true, tgt_type: 'POINT', tgt_value: 5 });
    losesAnswers.add(setup.brokerId);
    expect((await enter(setup, position.op_id)).outcome).toBe('unknown');
    losesAnswers.delete(setup.brokerId);
    const stored = await getPosition(ownerOf(setup.who), setup.ogId, position.op_id);
    expect(stored).toMatchObject({ op_status: 'WAITING', in_flight: { action: 'enter', attempt: 1 } });

    await tick(setup);
    const entered = await positionOf(setup, position.op_id);
    expect(entered).toMatchObject({ op_status: 'OPEN', entry_avg_price: expect.any(Number), allowed_actions: ['exit', 'markasexited', 'edit'] });
    expect(entered.target_price).toBe(round((entered.entry_avg_price ?? 0) + 5));
    expect(await paperOrderCount(setup)).toBe(1);
    await tick(setup);
    expect(await paperOrderCount(setup)).toBe(1);
  });

  it('leaves a position OPEN for what its entry filled when the entry order ends part-filled, watched from that price', async () => {
    const setup = await setUp();
    const limit = round(priceAt(T0) * 0.8);
    const position = await addPosition(setup, { quantity: 5, order_type: 'LIMIT', price: limit, is_tgt: true, tgt_type: 'POINT', tgt_value: 5 });
    const resting = await enter(setup, position.op_id);
    expect(resting.position).toMatchObject({ op_status: 'OPEN', entry_avg_price: null });
    // The broker fills 2 of 5, then the rest is cancelled (by the user at the broker, or the exchange at the close).
    const owner = ownerOf(setup.who);
    const order = await getOrder(owner, resting.order_id ?? '');
    if (!order) throw new Error('entry order not recorded');
    await recordChange(owner, order, { status: 'cancelled', filled_quantity: 2, average_price: limit }, 'Cancelled at the broker after a part fill', now);

    await tick(setup);
    const held = await positionOf(setup, position.op_id);
    expect(held).toMatchObject({ op_status: 'OPEN', quantity: 2, entry_avg_price: limit, target_price: round(limit + 5) });
    expect(held.timeline.at(-1)?.note).toContain('after filling 2 of 5');
  });

  it('withdraws an entry order still resting when the trading window ends: cancelled at the broker, the position CANCELLED, no exit sent', async () => {
    // T0 is 10:30 IST: a window that ended at 10:00.
    const setup = await setUp({ start_time: '09:15:00', end_time: '10:00:00' });
    const position = await addPosition(setup, { quantity: 5, order_type: 'LIMIT', price: round(priceAt(T0) * 0.8) });
    const resting = await enter(setup, position.op_id);
    expect(resting.position).toMatchObject({ op_status: 'OPEN', entry_avg_price: null });

    await tick(setup);
    const closed = await positionOf(setup, position.op_id);
    expect(closed).toMatchObject({ op_status: 'CANCELLED', exit_leg: 'END_TIME' });
    expect(closed.timeline.at(-1)?.note).toContain('before the entry order filled; entry order');
    expect((await getOrder(ownerOf(setup.who), resting.order_id ?? ''))?.status).toBe('cancelled');
    expect(await paperOrderCount(setup)).toBe(1);
    await tick(setup);
    expect(await paperOrderCount(setup)).toBe(1);
  });

  it('puts a position back OPEN for what is still held when its exit order ends part-filled, so the next exit never goes short', async () => {
    const setup = await setUp();
    const position = await addPosition(setup, { quantity: 5 });
    expect((await enter(setup, position.op_id)).position.op_status).toBe('OPEN');
    const exited = dataOf(await post(setup.who, 'exitposition', { og_id: setup.ogId, op_id: position.op_id }), positionOutcomeSchema);
    const owner = ownerOf(setup.who);
    const stored = await getPosition(owner, setup.ogId, position.op_id);
    const order = await getOrder(owner, exited.order_id ?? '');
    if (!stored || !order) throw new Error('exit not recorded');
    // As if the exit had not filled when it settled, and the broker then filled 3 of 5 and cancelled the rest.
    await trackPosition(owner, stored, { exit_avg_price: null }, { action: 'test', note: 'exit fill not known yet' });
    await recordChange(owner, order, { status: 'cancelled', filled_quantity: 3, average_price: order.average_price ?? 1 }, 'Cancelled at the broker after a part fill', now);

    await tick(setup);
    const held = await positionOf(setup, position.op_id);
    expect(held).toMatchObject({ op_status: 'OPEN', quantity: 2 });
    expect(held.timeline.at(-1)?.note).toContain('after filling 3 of 5; OPEN again for 2');
  });
});

describe('position monitor: group target', () => {
  it('exits every OPEN position, cancels the WAITING ones as GROUP_TGT, and turns place-order off', async () => {
    const setup = await setUp({ group_tgt: 1 });
    const first = await addPosition(setup);
    const second = await addPosition(setup);
    const waiting = await addPosition(setup, { entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: round(priceAt(T0) + 1000) });
    await enter(setup, first.op_id);
    await enter(setup, second.op_id);
    const fills = [(await positionOf(setup, first.op_id)).entry_avg_price ?? 0, (await positionOf(setup, second.op_id)).entry_avg_price ?? 0];
    await tick(setup);
    expect((await positionOf(setup, first.op_id)).op_status).toBe('OPEN');

    now = firstSecondAfter(T0, (price) => fills.reduce((sum, fill) => sum + price - fill, 0) >= 1);
    await tick(setup);
    for (const opId of [first.op_id, second.op_id]) expect(await positionOf(setup, opId)).toMatchObject({ op_status: 'GROUP_TGT', exit_leg: 'TGT' });
    expect(await positionOf(setup, waiting.op_id)).toMatchObject({ op_status: 'GROUP_TGT', legs: [] });
    expect((await getOrderGroup(ownerOf(setup.who), setup.ogId))?.og_place_order).toBe(false);
    expect(await paperOrderCount(setup)).toBe(4);
    expect(await notificationsOf(setup.who)).toEqual([expect.stringContaining('group target hit')]);
  });
});
