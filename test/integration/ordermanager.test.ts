import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import {
  allPositionsResultSchema,
  MAX_POSITIONS_PER_ORDER_GROUP,
  ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE,
  ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE,
  orderGroupSchema,
  positionOutcomeSchema,
  positionSchema,
} from '../../shared/contracts/ordermanager';
import { orderSchema } from '../../shared/contracts/orders';
import { cursorPage } from '../../shared/contracts/paging';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf, expectError } from '../support/api-answers';

const api = useGateway();
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());

const UNKNOWN_ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const post = (who: TestUser, call: string, body: unknown) => api.call('POST', `/ordermanager/${call}`, { token: who.token, body });

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const connectAnswer = await api.call('POST', '/users/broker/connectbroker', { token: who.token, body: { broker: 'paper' } });
  const { account } = dataOf(connectAnswer, z.object({ account: brokerAccountSchema }));
  const flagAnswer = await api.call('POST', '/users/broker/updatebrokertradingflag', { token: who.token, body: { broker_id: account.broker_id, trading_enabled: true } });
  dataOf(flagAnswer, brokerAccountSchema);
  return account.broker_id;
}

const addGroup = async (who: TestUser, body: Record<string, unknown> = { og_name: 'Morning trades' }) => dataOf(await post(who, 'addordergroup', body), orderGroupSchema.strict());

const positionBody = (ogId: string, brokerId: string, extra: Record<string, unknown> = {}) => ({
  og_id: ogId,
  broker_id: brokerId,
  script_id: 'NSE:SBIN',
  transaction_type: 'BUY',
  product: 'DELIVERY',
  quantity: 1,
  ...extra,
});
const addPosition = async (who: TestUser, ogId: string, brokerId: string, extra: Record<string, unknown> = {}) =>
  dataOf(await post(who, 'addposition', positionBody(ogId, brokerId, extra)), positionSchema.strict());

const act = async (who: TestUser, call: string, ogId: string, opId: string) => dataOf(await post(who, call, { og_id: ogId, op_id: opId }), positionOutcomeSchema);
const groupsOf = async (who: TestUser) => dataOf(await api.call('GET', '/ordermanager/getordergroups', { token: who.token }), z.array(orderGroupSchema.strict()));
const groupOf = async (who: TestUser, ogId: string) => {
  const group = (await groupsOf(who)).find((candidate) => candidate.og_id === ogId);
  if (!group) throw new Error(`order group ${ogId} not listed`);
  return group;
};

async function orderManagerOrders(who: TestUser) {
  const answer = await api.call('POST', '/users/getuserorders', { token: who.token, body: { origin: 'ordermanager' } });
  return dataOf(answer, cursorPage(orderSchema)).items;
}

describe('ordermanager: order groups', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  it('adds an order group with place-order on, no positions and nothing to offer', async () => {
    const group = await addGroup(owner, { og_name: '  Expiry day  ', group_tgt: 2500, group_sl: 1000, start_time: '09:20:00', end_time: '15:10:00' });
    expect(group).toMatchObject({
      og_name: 'Expiry day',
      og_place_order: true,
      group_tgt: 2500,
      group_sl: 1000,
      start_time: '09:20:00',
      end_time: '15:10:00',
      position_data: [],
      open_position_count: 0,
      waiting_position_count: 0,
      can_exit_all: false,
      can_cancel_all: false,
      can_execute_all: false,
    });
    expect(await groupOf(owner, group.og_id)).toEqual(group);
  });

  it.each([
    ['a missing name', {}],
    ['a negative group target', { og_name: 'x', group_tgt: -5 }],
    ['a time that is not HH:mm:ss', { og_name: 'x', start_time: '9:20' }],
    ['a window that ends before it starts', { og_name: 'x', start_time: '15:00:00', end_time: '09:15:00' }],
    ['a field the call does not take', { og_name: 'x', og_id: UNKNOWN_ULID }],
  ])('refuses %s with 400', async (_, body) => {
    expectError(await post(owner, 'addordergroup', body), 400);
  });

  it('edits only the named settings and checks the merged window', async () => {
    const group = await addGroup(owner, { og_name: 'Edit me', start_time: '10:00:00' });
    const edited = dataOf(await post(owner, 'editordergroup', { og_id: group.og_id, og_place_order: false, end_time: '14:00:00' }), orderGroupSchema);
    expect(edited).toMatchObject({ og_name: 'Edit me', og_place_order: false, start_time: '10:00:00', end_time: '14:00:00' });
    expectError(await post(owner, 'editordergroup', { og_id: group.og_id, end_time: '09:00:00' }), 400);
    expectError(await post(owner, 'editordergroup', { og_id: group.og_id }), 400);
    expectError(await post(owner, 'editordergroup', { og_id: 'nope', og_name: 'x' }), 400);
    expectError(await post(owner, 'editordergroup', { og_id: UNKNOWN_ULID, og_name: 'x' }), 404);
  });

  it('deletes a group with its positions, but not while one is OPEN', async () => {
    const brokerId = await tradingPaperAccount(owner);
    const group = await addGroup(owner, { og_name: 'Delete me' });
    const position = await addPosition(owner, group.og_id, brokerId);
    await addPosition(owner, group.og_id, brokerId);
    expect((await act(owner, 'enterposition', group.og_id, position.op_id)).outcome).toBe('done');
    expectError(await post(owner, 'deleteordergroup', { og_id: group.og_id }), 422, ORDER_GROUP_HAS_OPEN_POSITIONS_MESSAGE);
    expect((await act(owner, 'markasexitedposition', group.og_id, position.op_id)).outcome).toBe('done');
    dataOf(await post(owner, 'deleteordergroup', { og_id: group.og_id }), z.object({ og_id: z.literal(group.og_id) }));
    expect((await groupsOf(owner)).map((candidate) => candidate.og_id)).not.toContain(group.og_id);
    expectError(await post(owner, 'addposition', positionBody(group.og_id, brokerId)), 404);
    expectError(await post(owner, 'deleteordergroup', { og_id: 'x' }), 400);
  });
});

describe('ordermanager: positions', () => {
  let owner: TestUser;
  let brokerId: string;
  beforeAll(async () => {
    owner = await createTestUser();
    brokerId = await tradingPaperAccount(owner);
  });

  it('adds a WAITING position with its levels and lists it in its group with cancel-all and execute-all offered', async () => {
    const group = await addGroup(owner);
    const position = await addPosition(owner, group.og_id, brokerId, {
      entry_type: 'LTP',
      entry_direction: 'ABOVE',
      entry_price: 800,
      is_tgt: true,
      tgt_type: 'POINT',
      tgt_value: 10,
      is_sl: true,
      sl_type: 'PERCENTAGE',
      sl_value: 1.5,
      is_trail_set: true,
      trail_trigger: 5,
      trail_gap: 2,
      trail_type: 'POINT',
      trail_point: 1,
    });
    expect(position).toMatchObject({
      og_id: group.og_id,
      op_status: 'WAITING',
      script_id: 'NSE:SBIN',
      exchange: 'NSE',
      trading_symbol: 'SBIN',
      order_type: 'MARKET',
      entry_type: 'LTP',
      tgt_value: 10,
      sl_type: 'PERCENTAGE',
      legs: [],
      exit_leg: null,
      allowed_actions: ['enter', 'cancel', 'edit', 'delete'],
    });
    expect(position.timeline).toHaveLength(1);
    expect(await groupOf(owner, group.og_id)).toMatchObject({
      position_data: [{ ...position, ltp: expect.any(Number) }],
      waiting_position_count: 1,
      open_position_count: 0,
      can_cancel_all: true,
      can_execute_all: true,
      can_exit_all: false,
    });
  });

  it.each([
    ['a missing script', { script_id: undefined }],
    ['a zero quantity', { quantity: 0 }],
    ['an LTP entry without its level', { entry_type: 'LTP' }],
    ['a CANDLE entry with a timeframe the spec does not list', { entry_type: 'CANDLE', entry_direction: 'BELOW', entry_price: 700, candle_timeframe: 4 }],
    ['a target without its value', { is_tgt: true, tgt_type: 'POINT' }],
    ['a LIMIT order without a price', { order_type: 'LIMIT' }],
    ['a product the exchange does not take', { product: 'CARRYFORWARD' }],
    ['an unknown side', { transaction_type: 'HOLD' }],
  ])('refuses %s with 400', async (_, extra) => {
    const group = await addGroup(owner);
    expectError(await post(owner, 'addposition', positionBody(group.og_id, brokerId, extra)), 400);
    expect((await groupOf(owner, group.og_id)).position_data).toEqual([]);
  });

  it(`holds at most ${MAX_POSITIONS_PER_ORDER_GROUP} positions`, async () => {
    const group = await addGroup(owner);
    for (let index = 0; index < MAX_POSITIONS_PER_ORDER_GROUP; index += 1) await addPosition(owner, group.og_id, brokerId);
    expectError(await post(owner, 'addposition', positionBody(group.og_id, brokerId)), 422);
  });

  it('enters a WAITING position with one ordermanager order, then exits it with one opposite order', async () => {
    const group = await addGroup(owner);
    const position = await addPosition(owner, group.og_id, brokerId);
    const entered = await act(owner, 'enterposition', group.og_id, position.op_id);
    expect(entered).toMatchObject({ outcome: 'done', reason: null, position: { op_status: 'OPEN', allowed_actions: ['exit', 'markasexited', 'edit'] } });
    expect(entered.position.legs).toEqual([expect.objectContaining({ leg: 'TRADING', purpose: 'entry', order_id: entered.order_id })]);
    expect(await groupOf(owner, group.og_id)).toMatchObject({ open_position_count: 1, can_exit_all: true, can_cancel_all: false });

    const exited = await act(owner, 'exitposition', group.og_id, position.op_id);
    expect(exited).toMatchObject({ outcome: 'done', position: { op_status: 'EXITED', exit_leg: 'TRADING', allowed_actions: ['delete'] } });
    const orders = await orderManagerOrders(owner);
    const mine = orders.filter((order) => order.order_id === entered.order_id || order.order_id === exited.order_id);
    expect(mine.map((order) => order.transaction_type).sort()).toEqual(['BUY', 'SELL']);
    expect(mine.every((order) => order.origin === 'ordermanager' && order.broker_id === brokerId)).toBe(true);
  });

  it('never places a second entry for a retried or concurrent enter', async () => {
    const user = await createTestUser();
    const account = await tradingPaperAccount(user);
    const group = await addGroup(user);
    const position = await addPosition(user, group.og_id, account);
    const answers = await Promise.all([1, 2, 3].map(() => post(user, 'enterposition', { og_id: group.og_id, op_id: position.op_id })));
    const retried = await post(user, 'enterposition', { og_id: group.og_id, op_id: position.op_id });
    expectError(retried, 422, 'This position is OPEN: it cannot be entered (only WAITING positions can).');
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const orders = await orderManagerOrders(user);
    expect(orders).toHaveLength(1);
    expect((await groupOf(user, group.og_id)).position_data[0]).toMatchObject({ op_status: 'OPEN', legs: [expect.objectContaining({ order_id: orders[0]?.order_id })] });
  });

  it('leaves a position WAITING with the reason on its timeline when its order cannot be placed', async () => {
    const group = await addGroup(owner);
    const position = await addPosition(owner, group.og_id, brokerId);
    await api.call('POST', '/users/broker/updatebrokertradingflag', { token: owner.token, body: { broker_id: brokerId, trading_enabled: false } });
    try {
      const failed = await act(owner, 'enterposition', group.og_id, position.op_id);
      expect(failed).toMatchObject({ outcome: 'failed', order_id: null, position: { op_status: 'WAITING', legs: [] } });
      expect(failed.reason).toMatch(/trading is turned off/i);
      expect(failed.position.timeline.at(-1)?.note).toContain(failed.reason);
    } finally {
      await api.call('POST', '/users/broker/updatebrokertradingflag', { token: owner.token, body: { broker_id: brokerId, trading_enabled: true } });
    }
    // The failed attempt is settled: the next request tries again and enters.
    expect((await act(owner, 'enterposition', group.og_id, position.op_id)).outcome).toBe('done');
  });

  it('refuses actions the state does not allow with 422 and a clear message', async () => {
    const group = await addGroup(owner);
    const position = await addPosition(owner, group.og_id, brokerId);
    expectError(await post(owner, 'exitposition', { og_id: group.og_id, op_id: position.op_id }), 422, 'This position is WAITING: it cannot be exited (only OPEN positions can).');
    expectError(await post(owner, 'markasexitedposition', { og_id: group.og_id, op_id: position.op_id }), 422);
    expect((await act(owner, 'cancelposition', group.og_id, position.op_id)).position.op_status).toBe('CANCELLED');
    expectError(await post(owner, 'enterposition', { og_id: group.og_id, op_id: position.op_id }), 422, 'This position is CANCELLED: it cannot be entered (only WAITING positions can).');
    expectError(await post(owner, 'cancelposition', { og_id: group.og_id, op_id: position.op_id }), 422);
    expectError(await post(owner, 'editposition', { og_id: group.og_id, op_id: position.op_id, quantity: 2 }), 422);
  });

  it("refuses to enter while the group's place-order flag is off", async () => {
    const group = await addGroup(owner, { og_name: 'Off', og_place_order: false });
    const position = await addPosition(owner, group.og_id, brokerId);
    const before = await orderManagerOrders(owner);
    expectError(await post(owner, 'enterposition', { og_id: group.og_id, op_id: position.op_id }), 422, ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE);
    expectError(await post(owner, 'enterallposition', { og_id: group.og_id }), 422, ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE);
    expect(await orderManagerOrders(owner)).toEqual(before);
    expect((await groupOf(owner, group.og_id)).position_data).toEqual([{ ...position, ltp: expect.any(Number) }]);
  });

  it('edits any field while WAITING, only exit levels once OPEN', async () => {
    const group = await addGroup(owner);
    const position = await addPosition(owner, group.og_id, brokerId);
    const edited = dataOf(await post(owner, 'editposition', { og_id: group.og_id, op_id: position.op_id, quantity: 3, is_sl: true, sl_type: 'POINT', sl_value: 4 }), positionSchema);
    expect(edited).toMatchObject({ quantity: 3, is_sl: true, sl_value: 4, op_status: 'WAITING' });
    expectError(await post(owner, 'editposition', { og_id: group.og_id, op_id: position.op_id, is_tgt: true }), 400);
    await act(owner, 'enterposition', group.og_id, position.op_id);
    expectError(await post(owner, 'editposition', { og_id: group.og_id, op_id: position.op_id, quantity: 5 }), 422);
    const levels = dataOf(await post(owner, 'editposition', { og_id: group.og_id, op_id: position.op_id, sl_value: 6 }), positionSchema);
    expect(levels).toMatchObject({ op_status: 'OPEN', quantity: 3, sl_value: 6 });
  });

  it('deletes a position that is not OPEN and refuses an OPEN one', async () => {
    const group = await addGroup(owner);
    const waiting = await addPosition(owner, group.og_id, brokerId);
    const open = await addPosition(owner, group.og_id, brokerId);
    await act(owner, 'enterposition', group.og_id, open.op_id);
    expectError(await post(owner, 'deleteposition', { og_id: group.og_id, op_id: open.op_id }), 422);
    dataOf(await post(owner, 'deleteposition', { og_id: group.og_id, op_id: waiting.op_id }), z.object({ og_id: z.string(), op_id: z.literal(waiting.op_id) }));
    expect((await groupOf(owner, group.og_id)).position_data.map((position) => position.op_id)).toEqual([open.op_id]);
  });

  it('execute-all, exit-all and cancel-all act on every eligible position and answer each outcome', async () => {
    const group = await addGroup(owner);
    const first = await addPosition(owner, group.og_id, brokerId);
    const second = await addPosition(owner, group.og_id, brokerId);
    const entered = dataOf(await post(owner, 'enterallposition', { og_id: group.og_id }), allPositionsResultSchema);
    expect(entered.positions.map((outcome) => [outcome.op_id, outcome.outcome, outcome.position.op_status]).sort()).toEqual(
      [[first.op_id, 'done', 'OPEN'], [second.op_id, 'done', 'OPEN']].sort(),
    );
    expectError(await post(owner, 'enterallposition', { og_id: group.og_id }), 422, 'There is no WAITING position to enter in this order group.');
    const third = await addPosition(owner, group.og_id, brokerId);
    const exited = dataOf(await post(owner, 'exitallposition', { og_id: group.og_id }), allPositionsResultSchema);
    expect(exited.positions.map((outcome) => outcome.op_id).sort()).toEqual([first.op_id, second.op_id].sort());
    expect(exited.positions.every((outcome) => outcome.outcome === 'done' && outcome.position.op_status === 'EXITED')).toBe(true);
    const cancelled = dataOf(await post(owner, 'cancelallposition', { og_id: group.og_id }), allPositionsResultSchema);
    expect(cancelled.positions).toEqual([expect.objectContaining({ op_id: third.op_id, outcome: 'done', position: expect.objectContaining({ op_status: 'CANCELLED' }) })]);
    expect(await groupOf(owner, group.og_id)).toMatchObject({ can_exit_all: false, can_cancel_all: false, can_execute_all: false });
  });

  it.each(['enterposition', 'exitposition', 'cancelposition', 'markasexitedposition', 'deleteposition', 'editposition'])(
    '%s refuses malformed ids with 400 and unknown ones with 404',
    async (call) => {
      expectError(await post(owner, call, { og_id: 'not-an-id', op_id: UNKNOWN_ULID }), 400);
      expectError(await post(owner, call, { og_id: UNKNOWN_ULID, op_id: UNKNOWN_ULID, ...(call === 'editposition' ? { quantity: 2 } : {}) }), 404);
    },
  );

  it.each(['cancelallposition', 'enterallposition', 'exitallposition'])('%s refuses a malformed id with 400 and an unknown one with 404', async (call) => {
    expectError(await post(owner, call, { og_id: 42 }), 400);
    expectError(await post(owner, call, { og_id: UNKNOWN_ULID }), 404);
  });

  it("answers another user's order group and position with 404 and changes nothing", async () => {
    const group = await addGroup(owner);
    const position = await addPosition(owner, group.og_id, brokerId);
    const stranger = await createTestUser();
    const strangerAccount = await tradingPaperAccount(stranger);
    expectError(await post(stranger, 'enterposition', { og_id: group.og_id, op_id: position.op_id }), 404);
    expectError(await post(stranger, 'addposition', positionBody(group.og_id, strangerAccount)), 404);
    expectError(await post(owner, 'addposition', positionBody(group.og_id, strangerAccount)), 404);
    expectError(await post(stranger, 'enterallposition', { og_id: group.og_id }), 404);
    expect((await groupOf(owner, group.og_id)).position_data).toEqual([{ ...position, ltp: expect.any(Number) }]);
    expect(await orderManagerOrders(stranger)).toEqual([]);
  });
});
