import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import type { OrderGroupItem } from '../../functions/data/ordermanager/order-group';
import { NO_TRACKING, type PositionItem, type RolloverMark } from '../../functions/data/ordermanager/position-item';
import { isWatchedByMonitor } from '../../functions/data/ordermanager/watch-index';
import { decideGroup, MAX_AUTOMATIC_ATTEMPTS } from '../../functions/ordermanager/monitor/monitor-decision';
import type { MarketNow } from '../../functions/ordermanager/monitor/monitor-decision-types';
import { levelsAt } from '../../functions/ordermanager/monitor/position-levels';

const FUTURE: Instrument = {
  script_id: 'NFO:NIFTY29DEC26FUT',
  exchange: 'NFO',
  trading_symbol: 'NIFTY29DEC26FUT',
  name: 'NIFTY',
  instrument_type: 'FUT',
  expiry: '2026-12-29',
  strike: null,
  lot_size: 75,
  tick_size: 0.05,
  broker_tokens: {},
};
const NEXT: Instrument = { ...FUTURE, script_id: 'NFO:NIFTY25JAN27FUT', trading_symbol: 'NIFTY25JAN27FUT', expiry: '2027-01-25' };
const STAMP = '2026-12-01T04:00:00.000Z';
const ist = (date: string, clock: string) => new Date(`${date}T${clock}+05:30`);
/** Rolls one trading day before the 29-Dec expiry (Monday 28-Dec) at 10:00 IST. */
const ROLLS = { is_rollover: true, rollover_gap: 1, rollover_time: '10:00:00' } as const;

function groupOf(extra: Partial<OrderGroupItem> = {}): OrderGroupItem {
  return { og_id: 'G1', og_name: 'Test', bridge_id: null, og_place_order: true, group_tgt: null, group_sl: null, start_time: null, end_time: null, position_count: 1, createdAt: STAMP, updatedAt: STAMP, ...extra };
}

function openFuture(extra: Partial<PositionItem> = {}): PositionItem {
  const base: PositionItem = {
    op_id: 'P1',
    og_id: 'G1',
    op_status: 'OPEN',
    counted: true,
    broker_id: 'B1',
    instrument: FUTURE,
    transaction_type: 'BUY',
    product: 'CARRYFORWARD',
    quantity: 75,
    order_type: 'MARKET',
    price: null,
    trigger_price: null,
    entry_type: 'DIRECT',
    entry_direction: null,
    entry_price: null,
    candle_timeframe: null,
    is_tgt: true,
    tgt_type: 'POINT',
    tgt_value: 100,
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
    entry_order_id: 'O1',
    entry_avg_price: 26000,
    attempts: { enter: 1, exit: 0 },
    ...ROLLS,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
  return { ...base, ...levelsAt(base, 26000, null), ...extra };
}

function marketAt(at: Date, ltp = 26010, open = true): MarketNow {
  return { at, prices: new Map([[FUTURE.script_id, ltp]]), closedCandleOf: () => null, isOpen: () => open };
}

const mark = (extra: Partial<RolloverMark> = {}): RolloverMark => ({ state: 'exiting', op_id: 'S1', instrument: NEXT, exit_attempt: 1, note: 'next monthly expiry 2027-01-25', ...extra });

describe('starting a rollover', () => {
  it('rolls an OPEN, filled position once its rollover is due', () => {
    expect(decideGroup(groupOf(), [openFuture()], marketAt(ist('2026-12-28', '09:59:59')))).toEqual([]);
    expect(decideGroup(groupOf(), [openFuture()], marketAt(ist('2026-12-28', '10:00:00')))).toMatchObject([
      { kind: 'rollover', position: { op_id: 'P1' }, note: 'Rollover due 1 trading day before its expiry (2026-12-29) at 10:00:00' },
    ]);
  });

  it('lets a due target exit it instead', () => {
    expect(decideGroup(groupOf(), [openFuture()], marketAt(ist('2026-12-28', '10:00:00'), 26100))).toMatchObject([{ kind: 'exit', leg: 'TGT' }]);
  });

  it('does not roll while the group places no orders, before the fill, outside the market, or past its attempts', () => {
    const due = marketAt(ist('2026-12-28', '11:00:00'));
    expect(decideGroup(groupOf({ og_place_order: false }), [openFuture()], due)).toEqual([]);
    expect(decideGroup(groupOf(), [openFuture({ entry_avg_price: null })], due)).toEqual([]);
    expect(decideGroup(groupOf(), [openFuture()], marketAt(ist('2026-12-28', '11:00:00'), 26010, false))).toEqual([]);
    expect(decideGroup(groupOf(), [openFuture({ attempts: { enter: 1, exit: MAX_AUTOMATIC_ATTEMPTS } })], due)).toEqual([]);
    expect(decideGroup(groupOf(), [openFuture({ is_rollover: false })], due)).toEqual([]);
  });

  it('rolls a position once: a finished or refused rollover is not started again; a failed exit is tried again', () => {
    const due = marketAt(ist('2026-12-28', '11:00:00'));
    expect(decideGroup(groupOf(), [openFuture({ rollover: mark({ state: 'abandoned', op_id: null, instrument: null, exit_attempt: 0 }) })], due)).toEqual([]);
    expect(decideGroup(groupOf(), [openFuture({ rollover: mark({ state: 'exiting' }), attempts: { enter: 1, exit: 1 } })], due)).toMatchObject([{ kind: 'rollover' }]);
  });

  it('leaves a position with its rollover exit in flight to reconciliation', () => {
    const claimed = openFuture({ rollover: mark(), in_flight: { action: 'exit', attempt: 1 } });
    expect(decideGroup(groupOf(), [claimed], marketAt(ist('2026-12-28', '11:00:00')))).toEqual([]);
  });
});

describe('finishing a rollover after its exit', () => {
  const exited = (extra: Partial<PositionItem> = {}) => openFuture({ op_status: 'EXITED', exit_leg: 'TRADING', exit_order_id: 'X1', exit_avg_price: 26005, attempts: { enter: 1, exit: 1 }, rollover: mark(), ...extra });
  const later = marketAt(ist('2026-12-28', '10:05:00'));

  it('opens the successor when the rollover exit closed the position', () => {
    expect(decideGroup(groupOf(), [exited()], later)).toMatchObject([{ kind: 'rollover-resume', outcome: 'complete', note: 'opening NIFTY25JAN27FUT' }]);
  });

  it('abandons it when something else closed the position, or the group stopped placing orders', () => {
    expect(decideGroup(groupOf(), [exited({ attempts: { enter: 1, exit: 2 }, exit_leg: 'SL' })], later)).toMatchObject([
      { kind: 'rollover-resume', outcome: 'abandon', note: "the position was closed by another exit (SL), not by the rollover's exit" },
    ]);
    expect(decideGroup(groupOf(), [exited({ op_status: 'GROUP_SL' })], later)).toMatchObject([{ outcome: 'abandon', note: expect.stringContaining("the group's stop-loss") }]);
    expect(decideGroup(groupOf({ og_place_order: false }), [exited()], later)).toMatchObject([{ outcome: 'abandon', note: expect.stringContaining('placing orders is turned off') }]);
  });

  it('does nothing once the rollover is finished', () => {
    expect(decideGroup(groupOf(), [exited({ rollover: mark({ state: 'rolled' }) })], later)).toEqual([]);
  });
});

describe('the watch index during a rollover', () => {
  const cases: readonly [string, Partial<PositionItem>, boolean][] = [
    ['EXITED, exit filled, rollover pending', { op_status: 'EXITED', exit_order_id: 'X', exit_avg_price: 10, rollover: mark() }, true],
    ['EXITED, exit filled, rolled', { op_status: 'EXITED', exit_order_id: 'X', exit_avg_price: 10, rollover: mark({ state: 'rolled' }) }, false],
    ['EXITED, exit filled, abandoned', { op_status: 'EXITED', exit_order_id: 'X', exit_avg_price: 10, rollover: mark({ state: 'abandoned' }) }, false],
  ];
  it.each(cases)('%s → watched %s', (_, state, watched) => {
    expect(isWatchedByMonitor(openFuture(state))).toBe(watched);
  });
});
