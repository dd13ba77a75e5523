import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderGroupItem } from '../../functions/data/ordermanager/order-group';
import { NO_TRACKING, type PositionItem } from '../../functions/data/ordermanager/position-item';
import { isWatchedByMonitor } from '../../functions/data/ordermanager/watch-index';
import { decideGroup, MAX_AUTOMATIC_ATTEMPTS } from '../../functions/ordermanager/monitor/monitor-decision';
import type { MarketNow, MonitorDecision } from '../../functions/ordermanager/monitor/monitor-decision-types';
import { levelsAt, trailAt } from '../../functions/ordermanager/monitor/position-levels';
import { pnlOf } from '../../functions/ordermanager/monitor/position-pnl';
import type { Candle } from '../../functions/market/candles';

const SBIN: Instrument = {
  script_id: 'NSE:SBIN',
  exchange: 'NSE',
  trading_symbol: 'SBIN',
  name: 'SBIN',
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: {},
};
const STAMP = '2025-11-20T04:00:00.000Z';
/** Inside the market's session, on the IST clock. */
const ist = (clock: string) => new Date(`2025-11-20T${clock}+05:30`);

function groupOf(extra: Partial<OrderGroupItem> = {}): OrderGroupItem {
  return { og_id: 'G1', og_name: 'Test', bridge_id: null, og_place_order: true, group_tgt: null, group_sl: null, start_time: null, end_time: null, position_count: 1, createdAt: STAMP, updatedAt: STAMP, ...extra };
}

let nextId = 0;
function positionOf(extra: Partial<PositionItem> = {}): PositionItem {
  nextId += 1;
  return {
    op_id: `P${nextId}`,
    og_id: 'G1',
    op_status: 'WAITING',
    counted: true,
    broker_id: 'B1',
    instrument: SBIN,
    transaction_type: 'BUY',
    product: 'INTRADAY',
    quantity: 10,
    order_type: 'MARKET',
    price: null,
    trigger_price: null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: null,
    is_tgt: false,
    tgt_type: null,
    tgt_value: null,
    is_sl: false,
    sl_type: null,
    sl_value: null,
    is_trail_set: false,
    trail_type: null,
    trail_trigger: null,
    trail_gap: null,
    trail_point: null,
    legs: [],
    exit_leg: null,
    timeline: [],
    in_flight: null,
    ...NO_TRACKING,
    attempts: { enter: 0, exit: 0 },
    createdAt: STAMP,
    updatedAt: STAMP,
    ...extra,
  };
}

/** An OPEN position filled at `entry` with its levels set as the settlement sets them. */
function openAt(entry: number, extra: Partial<PositionItem> = {}): PositionItem {
  const base = positionOf({ op_status: 'OPEN', entry_order_id: 'O1', ...extra });
  return { ...base, entry_avg_price: entry, ...levelsAt(base, entry, null), ...extra };
}

function marketAt(ltp: number, options: { at?: Date; candleClose?: number; open?: boolean } = {}): MarketNow {
  const candle: Candle | null =
    options.candleClose === undefined ? null : { startsAt: 0, endsAt: 0, open: options.candleClose, high: options.candleClose, low: options.candleClose, close: options.candleClose };
  return { at: options.at ?? ist('11:00:00'), prices: new Map([[SBIN.script_id, ltp]]), closedCandleOf: () => candle, isOpen: () => options.open ?? true };
}

const kinds = (decisions: readonly MonitorDecision[]) => decisions.map((decision) => (decision.kind === 'exit' ? `exit:${decision.leg}` : decision.kind));

describe('WAITING entries', () => {
  const ltpEntry = (direction: 'ABOVE' | 'BELOW') => positionOf({ entry_type: 'LTP', entry_direction: direction, entry_price: 100 });
  const candleEntry = (direction: 'ABOVE' | 'BELOW') => positionOf({ entry_type: 'CANDLE', entry_direction: direction, entry_price: 100, candle_timeframe: 5 });

  // position, ltp, closed candle's close → decisions
  const cases: readonly [string, PositionItem, number, number | undefined, string[]][] = [
    ['LTP ABOVE, price below', ltpEntry('ABOVE'), 99.95, undefined, []],
    ['LTP ABOVE, price touches', ltpEntry('ABOVE'), 100, undefined, ['enter']],
    ['LTP ABOVE, price above', ltpEntry('ABOVE'), 101, undefined, ['enter']],
    ['LTP BELOW, price above', ltpEntry('BELOW'), 100.05, undefined, []],
    ['LTP BELOW, price below', ltpEntry('BELOW'), 99, undefined, ['enter']],
    ['CANDLE ABOVE, no candle closed, price above', candleEntry('ABOVE'), 105, undefined, []],
    ['CANDLE ABOVE, candle closed below (wick above)', candleEntry('ABOVE'), 105, 99, []],
    ['CANDLE ABOVE, candle closed above', candleEntry('ABOVE'), 98, 101, ['enter']],
    ['CANDLE BELOW, candle closed below', candleEntry('BELOW'), 101, 99.5, ['enter']],
    ['DIRECT is left to the user and the signal worker', positionOf(), 100, 100, []],
  ];
  it.each(cases)('%s', (_, position, ltp, close, expected) => {
    expect(kinds(decideGroup(groupOf(), [position], marketAt(ltp, { candleClose: close })))).toEqual(expected);
  });

  it('does not enter when the group places no orders, the market is closed, or its automatic attempts are spent', () => {
    const position = ltpEntry('ABOVE');
    expect(decideGroup(groupOf({ og_place_order: false }), [position], marketAt(101))).toEqual([]);
    expect(decideGroup(groupOf(), [position], marketAt(101, { open: false }))).toEqual([]);
    expect(decideGroup(groupOf(), [{ ...position, attempts: { enter: MAX_AUTOMATIC_ATTEMPTS, exit: 0 } }], marketAt(101))).toEqual([]);
  });

  it('leaves a position with an order in flight to reconciliation', () => {
    const position = { ...ltpEntry('ABOVE'), in_flight: { action: 'enter' as const, attempt: 1 } };
    expect(decideGroup(groupOf(), [position], marketAt(101))).toEqual([]);
  });
});

describe('trading window (group start_time / end_time, IST)', () => {
  const group = groupOf({ start_time: '09:30:00', end_time: '15:00:00' });
  const waiting = positionOf({ entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: 100 });
  const open = openAt(100);
  const resting = positionOf({ op_status: 'OPEN', entry_order_id: 'O1', order_type: 'LIMIT', price: 95 });
  // clock, which position → decisions
  const cases: readonly [string, string, PositionItem, string[]][] = [
    ['09:20:00', 'WAITING', waiting, []],
    ['09:30:00', 'WAITING', waiting, ['enter']],
    ['14:59:59', 'WAITING', waiting, ['enter']],
    ['15:00:00', 'WAITING', waiting, ['cancel']],
    ['09:20:00', 'OPEN', open, []],
    ['12:00:00', 'OPEN', open, []],
    ['15:00:00', 'OPEN', open, ['exit:END_TIME']],
    ['12:00:00', 'OPEN with a resting entry', resting, []],
    ['15:00:00', 'OPEN with a resting entry', resting, ['withdraw-entry']],
  ];
  it.each(cases)('at %s a %s position', (clock, _status, position, expected) => {
    expect(kinds(decideGroup(group, [position], marketAt(101, { at: ist(clock) })))).toEqual(expected);
  });
});

describe('OPEN exits: target and stop-loss for BUY and SELL', () => {
  const levels = { is_tgt: true, tgt_type: 'POINT', tgt_value: 10, is_sl: true, sl_type: 'POINT', sl_value: 5 } as const;
  // side, ltp → decisions (entry 100: BUY target 110 / stop 95, SELL target 90 / stop 105)
  const cases: readonly ['BUY' | 'SELL', number, string[]][] = [
    ['BUY', 105, []],
    ['BUY', 110, ['exit:TGT']],
    ['BUY', 112, ['exit:TGT']],
    ['BUY', 95, ['exit:SL']],
    ['BUY', 90, ['exit:SL']],
    ['SELL', 95, []],
    ['SELL', 90, ['exit:TGT']],
    ['SELL', 105, ['exit:SL']],
    ['SELL', 110, ['exit:SL']],
  ];
  it.each(cases)('%s entered at 100, LTP %s', (side, ltp, expected) => {
    expect(kinds(decideGroup(groupOf(), [openAt(100, { ...levels, transaction_type: side })], marketAt(ltp)))).toEqual(expected);
  });

  it('compares a CANDLE target with a closed candle, not the last price', () => {
    const position = openAt(100, { is_tgt: true, tgt_type: 'CANDLE', tgt_value: 110, candle_timeframe: 5 });
    expect(kinds(decideGroup(groupOf(), [position], marketAt(111)))).toEqual([]);
    expect(kinds(decideGroup(groupOf(), [position], marketAt(108, { candleClose: 110.5 })))).toEqual(['exit:TGT']);
  });

  it('writes the note the timeline shows', () => {
    const [decision] = decideGroup(groupOf(), [openAt(100, levels)], marketAt(110.5));
    expect(decision).toMatchObject({ kind: 'exit', leg: 'TGT', note: 'Target 110 hit at 110.5' });
  });

  it('holds an OPEN position whose entry has not filled (no levels yet)', () => {
    const position = positionOf({ op_status: 'OPEN', entry_order_id: 'O1', ...levels });
    expect(decideGroup(groupOf(), [position], marketAt(50))).toEqual([]);
  });
});

describe('trailing stop-loss', () => {
  const trailing = { is_sl: true, sl_type: 'POINT', sl_value: 5, is_trail_set: true, trail_type: 'POINT', trail_trigger: 2, trail_gap: 2, trail_point: 1 } as const;

  // BUY at 100, stop 95; after +2 the stop moves 1 for each further full 2 points. best so far → stop
  const steps: readonly [number, number][] = [
    [101, 95],
    [102, 95],
    [103.95, 95],
    [104, 96],
    [106, 97],
    [109.9, 98],
    [110, 99],
  ];
  it.each(steps)('BUY at 100: best %s → stop %s', (best, stop) => {
    const position = openAt(100, trailing);
    expect(trailAt(position, 100, position, best).stop_price).toBe(stop);
  });

  it('never moves the stop back when the price falls again, and exits on the trailed stop', () => {
    let position = openAt(100, trailing);
    const trailed = decideGroup(groupOf(), [position], marketAt(106));
    expect(trailed).toMatchObject([{ kind: 'trail', levels: { best_price: 106, stop_price: 97 } }]);
    position = { ...position, best_price: 106, stop_price: 97 };
    expect(decideGroup(groupOf(), [position], marketAt(100))).toEqual([]);
    expect(kinds(decideGroup(groupOf(), [position], marketAt(97)))).toEqual(['exit:SL']);
  });

  it('trails a SELL downwards, in percent', () => {
    const position = openAt(200, { ...trailing, transaction_type: 'SELL', sl_value: 10, trail_type: 'PERCENTAGE', trail_trigger: 1, trail_gap: 1, trail_point: 0.5 });
    expect(position.stop_price).toBe(210);
    // 2 % in favour (196): one full 1 % step past the 1 % trigger → stop 210 − 1 (0.5 % of 200)
    expect(trailAt(position, 200, position, 196).stop_price).toBe(209);
    expect(trailAt(position, 200, position, 190).stop_price).toBe(206);
  });
});

describe('group target / stop-loss (money, open at LTP + realised)', () => {
  const realised = positionOf({ op_status: 'EXITED', entry_order_id: 'O0', exit_order_id: 'X0', entry_avg_price: 100, exit_avg_price: 105, quantity: 10 });
  const open = openAt(100, { quantity: 10 });
  const waiting = positionOf({ entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: 500 });

  it('P&L: open at LTP, realised at the fills, unknown otherwise', () => {
    expect(pnlOf(open, 102)).toBe(20);
    expect(pnlOf(realised, null)).toBe(50);
    expect(pnlOf(waiting, 102)).toBeNull();
    expect(pnlOf({ ...open, transaction_type: 'SELL' }, 102)).toBe(-20);
  });

  // group target, group stop-loss, LTP → status of the group exit (null: none)
  const cases: readonly [number | null, number | null, number, string | null][] = [
    [100, null, 104, null], // 50 realised + 40 open = 90
    [100, null, 105, 'GROUP_TGT'], // 50 + 50
    [null, 100, 90, null], // 50 − 100 = −50
    [null, 100, 85, 'GROUP_SL'], // 50 − 150 = −100
    [100, 100, 85, 'GROUP_SL'],
  ];
  it.each(cases)('target %s, stop-loss %s, LTP %s → %s', (target, stopLoss, ltp, expected) => {
    const decisions = decideGroup(groupOf({ group_tgt: target, group_sl: stopLoss }), [realised, open, waiting], marketAt(ltp));
    const groupExit = decisions.find((decision) => decision.kind === 'group-exit');
    expect(groupExit && groupExit.kind === 'group-exit' ? groupExit.status : null).toBe(expected);
    if (groupExit?.kind === 'group-exit') {
      expect(groupExit.exits.map((position) => position.op_id)).toEqual([open.op_id]);
      expect(groupExit.cancels.map((position) => position.op_id)).toEqual([waiting.op_id]);
      expect(groupExit.withdrawals).toEqual([]);
      expect(decisions).toHaveLength(1);
    }
  });

  it('withdraws a resting entry order in a group exit instead of exiting what is not held', () => {
    const resting = positionOf({ op_id: 'R1', op_status: 'OPEN', entry_order_id: 'O9', order_type: 'LIMIT', price: 95 });
    const decisions = decideGroup(groupOf({ group_tgt: 100 }), [realised, open, resting], marketAt(105));
    expect(decisions).toMatchObject([{ kind: 'group-exit', status: 'GROUP_TGT', exits: [{ op_id: open.op_id }], withdrawals: [{ op_id: 'R1' }] }]);
  });

  it('goes on closing positions once a group exit is under way, even if the P&L moved back', () => {
    const closed = positionOf({ op_status: 'GROUP_TGT', exit_leg: 'TGT' });
    const decisions = decideGroup(groupOf({ og_place_order: false, group_tgt: 1000 }), [closed, open], marketAt(100));
    expect(decisions).toMatchObject([{ kind: 'group-exit', status: 'GROUP_TGT', exits: [{ op_id: open.op_id }] }]);
  });
});

describe('the watch index', () => {
  const cases: readonly [string, Partial<PositionItem>, boolean][] = [
    ['WAITING DIRECT', { op_status: 'WAITING', entry_type: 'DIRECT' }, false],
    ['WAITING LTP', { op_status: 'WAITING', entry_type: 'LTP' }, true],
    ['WAITING DIRECT with an entry in flight', { op_status: 'WAITING', in_flight: { action: 'enter', attempt: 1 } }, true],
    ['OPEN', { op_status: 'OPEN' }, true],
    ['EXITED, exit fill unknown', { op_status: 'EXITED', exit_order_id: 'X', exit_avg_price: null }, true],
    ['EXITED, exit filled', { op_status: 'EXITED', exit_order_id: 'X', exit_avg_price: 10 }, false],
    ['EXITED by marking', { op_status: 'EXITED' }, false],
    ['CANCELLED', { op_status: 'CANCELLED', entry_type: 'LTP' }, false],
  ];
  it.each(cases)('%s → watched %s', (_, state, watched) => {
    expect(isWatchedByMonitor(positionOf(state))).toBe(watched);
  });
});
