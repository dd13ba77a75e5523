import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { orderGroupSchema, positionOutcomeSchema, positionSchema, type Position } from '../../shared/contracts/ordermanager';
import type { Instrument } from '../../shared/domain/instruments';
import { createDynamoPaperStore } from '../../functions/broker-adapters/paper/store/dynamo-paper-store';
import { orderManagerKeys } from '../../functions/data/keys';
import { listNotifications } from '../../functions/data/notifications-repository';
import { getOrderGroup } from '../../functions/data/ordermanager/order-group';
import { getPosition, listPositions } from '../../functions/data/ordermanager/position';
import type { PositionItem, RolloverMark } from '../../functions/data/ordermanager/position-item';
import { claimRolloverExit } from '../../functions/data/ordermanager/position-rollover';
import { tableName } from '../../functions/data/table';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { createCandleBook } from '../../functions/ordermanager/monitor/candle-book';
import { ORDER_MANAGER_NOTIFICATION_TYPE } from '../../functions/ordermanager/monitor/monitor-notifications';
import { monitorOrderGroups } from '../../functions/ordermanager/monitor/monitor-tick';
import { placePositionOrder } from '../../functions/ordermanager/position-actions';
import { expiryKindOf, nextExpiryOf, rolloverMomentOf } from '../../functions/ordermanager/rollover/rollover-calendar';
import { successorContract } from '../../functions/ordermanager/rollover/rollover-successor';
import { successorIdOf } from '../../functions/ordermanager/rollover/successor-position';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { dynamo } from '../../functions/platform/clients';
import { issueToken } from '../../functions/platform/auth/tokens';
import { now as clockNow, useClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { masterLookupOf } from '../../functions/signals/resolve/master-lookup';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

/**
 * Rollover by the position monitor (issue 6) against the real order path: DynamoDB Local, the paper
 * broker, the API for adding and entering positions. The contract is taken from the instrument master
 * the runtime serves (its nearest NIFTY future, or a weekly NIFTY call), and the platform clock is
 * moved to that contract's rollover day: before the rollover time to enter, at it to tick.
 */
const api = useGateway();
const log = createLogger({ test: 'ordermanager-rollover' }, 'error');
let now = clockNow();

let restoreSettings: () => void = () => undefined;
let restoreClock: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true, recheckPauseMs: 5 });
  restoreClock = useClock(() => now);
});
afterAll(() => {
  restoreClock();
  restoreSettings();
});

const post = (who: TestUser, call: string, body: unknown) => api.call('POST', call.startsWith('/') ? call : `/ordermanager/${call}`, { token: who.token, body });
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

/** The master's earliest contract of a kind that has a successor listed: the one the test rolls. */
async function rollableContract(type: 'FUT' | 'CE', expiryFilter: (instrument: Instrument) => boolean): Promise<{ current: Instrument; next: Instrument }> {
  const master = await instrumentMaster();
  const lookup = masterLookupOf(master);
  const candidates = master.instruments
    .filter((instrument) => instrument.name === 'NIFTY' && instrument.exchange === 'NFO' && instrument.instrument_type === type && expiryFilter(instrument))
    .sort((a, b) => (a.expiry ?? '').localeCompare(b.expiry ?? '') || (a.strike ?? 0) - (b.strike ?? 0));
  for (const current of candidates) {
    const choice = successorContract(current, lookup);
    if (choice.ok) return { current, next: choice.instrument };
  }
  throw new Error(`the master has no rollable NIFTY ${type}`);
}

interface Setup {
  /** Signs in again when the test moves the clock past its token's lifetime. */
  who: TestUser;
  readonly brokerId: string;
  readonly ogId: string;
}

async function setUp(): Promise<Setup> {
  const who = await createTestUser();
  const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
  dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  const group = dataOf(await post(who, 'addordergroup', { og_name: 'Rolling' }), orderGroupSchema);
  return { who, brokerId: account.broker_id, ogId: group.og_id };
}

const ROLLOVER = { is_rollover: true, rollover_gap: 0, rollover_time: '10:00:00' } as const;

/** An OPEN rolling position on `contract`, entered (through the API) before its rollover time. */
async function openRolling(setup: Setup, contract: Instrument, extra: Record<string, unknown> = {}): Promise<Position> {
  const moment = rolloverMomentOf(ROLLOVER, contract);
  if (!moment) throw new Error('no rollover moment');
  now = new Date(moment.getTime() - 30 * 60_000);
  // The rollover day may lie days ahead of the sign-in: the user signs in again that day.
  setup.who = { ...setup.who, token: (await issueToken(setup.who.user.user_id, setup.who.user.frch_id)).token };
  const body = { og_id: setup.ogId, broker_id: setup.brokerId, script_id: contract.script_id, transaction_type: 'BUY', product: 'CARRYFORWARD', quantity: contract.lot_size, ...ROLLOVER, ...extra };
  const position = dataOf(await post(setup.who, 'addposition', body), positionSchema);
  expect(position).toMatchObject(ROLLOVER);
  const entered = dataOf(await post(setup.who, 'enterposition', { og_id: setup.ogId, op_id: position.op_id }), positionOutcomeSchema);
  expect(entered.outcome).toBe('done');
  now = new Date(moment.getTime() + 5_000);
  return entered.position;
}

const tick = (setup: Setup) => monitorOrderGroups([{ owner: ownerOf(setup.who), ogId: setup.ogId }], { log, candles: createCandleBook() });

async function paperOrderCount({ who, brokerId }: Setup): Promise<number> {
  const store = createDynamoPaperStore({ ...ownerOf(who), accountId: brokerId }, () => now);
  return (await store.load()).state.orders.length;
}

async function notificationsOf(who: TestUser): Promise<string[]> {
  const { items } = await listNotifications(who.user.frch_id, who.user.user_id, { offset: 0, limit: 50 });
  return items.filter((item) => item.notify_type === ORDER_MANAGER_NOTIFICATION_TYPE).map((item) => item.notified_message);
}

async function positionsOf(setup: Setup): Promise<Position[]> {
  const groups = dataOf(await api.call('GET', '/ordermanager/getordergroups', { token: setup.who.token }), z.array(orderGroupSchema));
  return groups.find((group) => group.og_id === setup.ogId)?.position_data ?? [];
}

async function isIndexed(setup: Setup, opId: string): Promise<boolean> {
  const { frchId, userId } = ownerOf(setup.who);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: orderManagerKeys.position(frchId, userId, setup.ogId, opId), ConsistentRead: true }));
  return typeof Item?.GSI1PK === 'string';
}

async function stored(setup: Setup, opId: string): Promise<PositionItem> {
  const item = await getPosition(ownerOf(setup.who), setup.ogId, opId);
  if (!item) throw new Error(`position ${opId} not stored`);
  return item;
}

/** Checks the finished rollover of `old` onto `next`: one exit, one successor OPEN on the next contract, rolling again. */
async function expectRolled(setup: Setup, old: Position, next: Instrument): Promise<Position> {
  const positions = await positionsOf(setup);
  expect(positions).toHaveLength(2);
  const exited = positions.find((position) => position.op_id === old.op_id);
  const successor = positions.find((position) => position.op_id !== old.op_id);
  expect(exited).toMatchObject({ op_status: 'EXITED', exit_leg: 'TRADING', exit_avg_price: expect.any(Number) });
  expect(exited?.legs.map((leg) => leg.purpose)).toEqual(['entry', 'exit']);
  expect(exited?.timeline.some((event) => event.action === 'rollover' && event.note.includes(`roll over to ${next.trading_symbol}`))).toBe(true);
  expect(exited?.timeline.at(-1)).toMatchObject({ action: 'rollover', note: expect.stringContaining(`Rolled over to ${next.trading_symbol}`) });
  expect(successor).toMatchObject({
    op_id: successorIdOf({ op_id: old.op_id, broker_id: setup.brokerId }),
    op_status: 'OPEN',
    script_id: next.script_id,
    transaction_type: old.transaction_type,
    product: old.product,
    quantity: old.quantity,
    entry_type: 'DIRECT',
    entry_avg_price: expect.any(Number),
    ...ROLLOVER,
  });
  expect(successor?.timeline[0]).toMatchObject({ action: 'rollover', note: expect.stringContaining(`Rolled over from ${old.trading_symbol}`) });
  expect(successor?.legs.map((leg) => leg.purpose)).toEqual(['entry']);
  const item = await stored(setup, old.op_id);
  expect(item.rollover).toMatchObject({ state: 'rolled', op_id: successor?.op_id, instrument: { script_id: next.script_id } });
  if (!successor) throw new Error('no successor');
  return successor;
}

describe('rollover of an F&O position by the position monitor', () => {
  it('exits a future on its rollover day and enters the next monthly future, with its exits re-applied from the new fill', async () => {
    const setup = await setUp();
    const { current, next } = await rollableContract('FUT', () => true);
    const old = await openRolling(setup, current, { is_tgt: true, tgt_type: 'POINT', tgt_value: 1000 });
    expect(await paperOrderCount(setup)).toBe(1);

    expect(await tick(setup)).toEqual({ activeGroups: 1 });
    const successor = await expectRolled(setup, old, next);
    expect(successor).toMatchObject({ is_tgt: true, tgt_type: 'POINT', tgt_value: 1000, target_price: Math.round(((successor.entry_avg_price ?? 0) + 1000) * 20) / 20 });
    expect(await paperOrderCount(setup)).toBe(3);
    expect(await notificationsOf(setup.who)).toEqual([`Rolling: rolled over BUY ${old.quantity} ${current.trading_symbol} to BUY ${successor.quantity} ${next.trading_symbol}.`]);

    // Nothing more to do: the old position is no longer watched, the successor is not due yet.
    await tick(setup);
    expect(await paperOrderCount(setup)).toBe(3);
    expect(await positionsOf(setup)).toHaveLength(2);
  });

  it('places one exit and one entry when two ticks run at once, on a weekly call rolled to the next weekly at the same strike', async () => {
    const setup = await setUp();
    const chain = masterLookupOf(await instrumentMaster()).expiryChain('NIFTY');
    if (!chain) throw new Error('the master lists no NIFTY derivatives');
    const { current, next } = await rollableContract('CE', (instrument) => expiryKindOf(instrument, chain) === 'weekly');
    expect(next.expiry).toBe(nextExpiryOf(current, chain));
    expect(next).toMatchObject({ instrument_type: 'CE', strike: current.strike });
    const old = await openRolling(setup, current);

    await Promise.all([tick(setup), tick(setup)]);
    // A run that lost a race leaves the rest to the next tick; after it, the rollover is complete.
    await tick(setup);
    await expectRolled(setup, old, next);
    expect(await paperOrderCount(setup)).toBe(3);
    expect(await notificationsOf(setup.who)).toHaveLength(1);
  });

  it('completes a rollover whose run stopped between the exit and the entry, once', async () => {
    const setup = await setUp();
    const { current, next } = await rollableContract('FUT', () => true);
    const old = await openRolling(setup, current);
    const owner = ownerOf(setup.who);

    // What startRollover does up to the exit, then the run stops: the rollover's claim and mark, the exit through the order path.
    const open = await stored(setup, old.op_id);
    const mark: RolloverMark = { state: 'exiting', op_id: successorIdOf(open), instrument: next, exit_attempt: 1, note: 'next monthly expiry' };
    const claimed = await claimRolloverExit(owner, open, { action: 'exit', attempt: 1, claimed_at: now.toISOString(), leg: 'TRADING' }, mark, `Rollover due: exiting to roll over to ${next.trading_symbol}`);
    if (!claimed) throw new Error('rollover not claimed');
    const group = await getOrderGroup(owner, setup.ogId);
    if (!group) throw new Error('no group');
    expect((await placePositionOrder(owner, group, claimed, 'exit', log, { leg: 'TRADING', reason: 'Rollover' })).outcome).toBe('done');
    expect(await listPositions(owner, setup.ogId)).toHaveLength(1);
    expect(await paperOrderCount(setup)).toBe(2);
    // Exited and filled, yet still watched: its rollover is pending.
    expect(await stored(setup, old.op_id)).toMatchObject({ op_status: 'EXITED', exit_avg_price: expect.any(Number), rollover: { state: 'exiting' } });
    expect(await isIndexed(setup, old.op_id)).toBe(true);

    expect(await tick(setup)).toEqual({ activeGroups: 1 });
    await expectRolled(setup, old, next);
    expect(await paperOrderCount(setup)).toBe(3);

    await tick(setup);
    expect(await paperOrderCount(setup)).toBe(3);
    expect(await notificationsOf(setup.who)).toHaveLength(1);
    expect(await isIndexed(setup, old.op_id)).toBe(false);
  });

  it('refuses rollover on a script that does not expire, and without its day and time', async () => {
    const setup = await setUp();
    const base = { og_id: setup.ogId, broker_id: setup.brokerId, transaction_type: 'BUY', product: 'DELIVERY', quantity: 1 };
    const equity = await post(setup.who, 'addposition', { ...base, script_id: 'NSE:SBIN', ...ROLLOVER });
    expect(equity.status).toBe(400);
    expect(equity.text).toContain('Only futures and options roll over');
    const { current } = await rollableContract('FUT', () => true);
    const noTime = await post(setup.who, 'addposition', { ...base, product: 'CARRYFORWARD', quantity: current.lot_size, script_id: current.script_id, is_rollover: true, rollover_gap: 11 });
    expect(noTime.status).toBe(400);
    expect(noTime.text).toContain('at most 10 trading days');
    expect(noTime.text).toContain('time to roll at');
  });
});
