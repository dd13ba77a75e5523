import type { Instrument } from '../../../shared/domain/instruments';
import { exitLegOf, groupExitStatus, windowAction, windowPhaseAt, type ExitLeg, type GroupExitStatus, type WindowPhase } from '../../../shared/domain/exit-levels';
import { candleConditionMet, ltpConditionMet, type Candle, type CandleTimeframe } from '../../market/candles';
import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import type { PositionItem } from '../../data/ordermanager/position-item';
import { decideRolloverResume, decideRolloverStart } from '../rollover/rollover-decision';
import { trailAt } from './position-levels';
import type { EntryWithdrawal, MarketNow, MonitorDecision } from './monitor-decision-types';
import { pnlOf, totalPnlOf } from './position-pnl';

/**
 * What the position monitor does with one order group on one tick (issue 6, DESIGN.md §5), decided
 * from the group, its positions and the market now — pure, so every rule has a table test. The
 * effects (orders, conditional writes, notifications) are monitor-effects.ts's.
 *
 * The group's target / stop-loss comes first: once hit (or while a group exit is still closing
 * positions) it exits every OPEN position, cancels every WAITING one and withdraws every entry order
 * still resting unfilled. Otherwise each position on its own: a WAITING one (LTP or CANDLE entry;
 * DIRECT ones wait for the user or the signal worker) is cancelled after the trading window, enters
 * inside it when its condition is met and the group places orders; an OPEN one whose entry order still
 * rests has that order withdrawn at the window's end; a filled one exits at the window's end, on its
 * stop-loss (trailed) or on its target, and otherwise rolls over when its rollover is due (rollover/),
 * or has its trailing stop moved. A closed
 * position exited for a rollover has its successor opened. A position with an order in flight is
 * reconciliation's.
 */

/**
 * Orders the monitor places for one action of one position before it stops and leaves the position
 * to the user: a refused exit (the broker's risk checks, a disconnected account) is not re-sent every
 * second.
 */
export const MAX_AUTOMATIC_ATTEMPTS = 3;

/** CANDLE-type target / stop-loss levels compare with closes of the position's candle timeframe (1 minute when it has none). */
const DEFAULT_LEVEL_TIMEFRAME: CandleTimeframe = 1;

const timeframeOf = (position: PositionItem): CandleTimeframe => (position.candle_timeframe ?? DEFAULT_LEVEL_TIMEFRAME) as CandleTimeframe;

/** The (script, timeframe) candles a group's positions need built this tick. */
export function candlesNeeded(positions: readonly PositionItem[]): { readonly instrument: Instrument; readonly minutes: CandleTimeframe }[] {
  const needed = new Map<string, { instrument: Instrument; minutes: CandleTimeframe }>();
  for (const position of positions) {
    const waitsForCandle = position.op_status === 'WAITING' && position.entry_type === 'CANDLE';
    const exitsOnCandle = position.op_status === 'OPEN' && (position.tgt_type === 'CANDLE' || position.sl_type === 'CANDLE');
    if (!waitsForCandle && !exitsOnCandle) continue;
    const minutes = timeframeOf(position);
    needed.set(`${position.instrument.script_id}|${minutes}`, { instrument: position.instrument, minutes });
  }
  return [...needed.values()];
}

const isIdle = (position: PositionItem) => position.in_flight === null;
/** OPEN with its entry order sent but not filled: nothing is held yet. */
const hasRestingEntry = (position: PositionItem) => position.op_status === 'OPEN' && position.entry_order_id !== null && position.entry_avg_price === null;
const mayPlace = (position: PositionItem, action: 'enter' | 'exit') => position.attempts[action] < MAX_AUTOMATIC_ATTEMPTS;
const rupees = (amount: number) => `₹${amount.toFixed(2)}`;

/** A group exit already under way (a position holds its status and orders are off) goes on until every position is closed. */
function groupExitUnderWay(group: OrderGroupItem, positions: readonly PositionItem[]): GroupExitStatus | null {
  if (group.og_place_order) return null;
  const closed = positions.find((position) => position.op_status === 'GROUP_TGT' || position.op_status === 'GROUP_SL');
  return closed ? (closed.op_status as GroupExitStatus) : null;
}

const GROUP_EXIT_WORDS: Readonly<Record<GroupExitStatus, string>> = { GROUP_TGT: 'Group target', GROUP_SL: 'Group stop-loss' };

function decideGroupExit(group: OrderGroupItem, positions: readonly PositionItem[], market: MarketNow): MonitorDecision | null {
  const pnl = totalPnlOf(positions.map((position) => pnlOf(position, market.prices.get(position.instrument.script_id) ?? null)));
  const underWay = groupExitUnderWay(group, positions);
  const status = underWay ?? groupExitStatus(pnl, { target: group.group_tgt, stopLoss: group.group_sl });
  if (status === null) return null;
  // An OPEN position whose entry has not filled holds nothing to exit yet: its resting entry order is withdrawn instead.
  const exits = positions.filter((position) => position.op_status === 'OPEN' && isIdle(position) && position.entry_avg_price !== null && market.isOpen(position.instrument) && mayPlace(position, 'exit'));
  const cancels = positions.filter((position) => position.op_status === 'WAITING' && isIdle(position));
  const withdrawals = positions.filter((position) => isIdle(position) && hasRestingEntry(position) && market.isOpen(position.instrument));
  if (exits.length === 0 && cancels.length === 0 && withdrawals.length === 0) return null;
  const limit = status === 'GROUP_TGT' ? group.group_tgt : group.group_sl;
  const note = underWay ? `${GROUP_EXIT_WORDS[status]} exit under way` : `${GROUP_EXIT_WORDS[status]} ${rupees(limit ?? 0)} reached: group P&L ${rupees(pnl)}`;
  return { kind: 'group-exit', status, exits, cancels, withdrawals, note };
}

function decideWaiting(group: OrderGroupItem, position: PositionItem, phase: WindowPhase, market: MarketNow): MonitorDecision | null {
  if (position.entry_type === 'DIRECT') return null;
  const action = windowAction('WAITING', phase);
  if (action === 'cancel') return { kind: 'cancel', position, note: `Trading window ended at ${group.end_time ?? ''} before it entered` };
  if (action === 'wait' || !group.og_place_order || !market.isOpen(position.instrument) || !mayPlace(position, 'enter')) return null;
  const { entry_direction: direction, entry_price: level } = position;
  if (direction === null || level === null) return null;
  if (position.entry_type === 'LTP') {
    const ltp = market.prices.get(position.instrument.script_id);
    if (ltp === undefined || !ltpConditionMet(direction, ltp, level)) return null;
    return { kind: 'enter', position, note: `LTP ${ltp} is ${direction} the entry price ${level}` };
  }
  const minutes = timeframeOf(position);
  const candle = market.closedCandleOf(position.instrument.script_id, minutes);
  if (candle === null || !candleConditionMet(direction, candle, level)) return null;
  return { kind: 'enter', position, note: `A ${minutes}-minute candle closed at ${candle.close}, ${direction} the entry price ${level}` };
}

const LEG_ORDER: readonly ExitLeg[] = ['END_TIME', 'SL', 'TGT'];

const EXIT_NOTES: Readonly<Record<ExitLeg, (levels: { target: number | null; stop: number | null; price: number }, endTime: string | null) => string>> = {
  END_TIME: (_levels, endTime) => `Trading window ended at ${endTime ?? ''}`,
  SL: ({ stop, price }) => `Stop-loss ${stop ?? ''} hit at ${price}`,
  TGT: ({ target, price }) => `Target ${target ?? ''} hit at ${price}`,
};

function decideOpen(group: OrderGroupItem, position: PositionItem, phase: WindowPhase, market: MarketNow): MonitorDecision | null {
  if (hasRestingEntry(position) && windowAction('OPEN', phase) === 'exit' && market.isOpen(position.instrument)) {
    return { kind: 'withdraw-entry', position, close: { to: 'CANCELLED', leg: 'END_TIME' }, note: `Trading window ended at ${group.end_time ?? ''} before the entry order filled` };
  }
  const entry = position.entry_avg_price;
  const ltp = market.prices.get(position.instrument.script_id);
  if (entry === null || ltp === undefined || !market.isOpen(position.instrument)) return null;
  const trailed = trailAt(position, entry, position, ltp);
  const side = position.transaction_type;
  const target = position.target_price;
  const stop = trailed.stop_price;
  // LTP / POINT / PERCENTAGE levels compare with the last price; CANDLE ones with a closed candle's close.
  const byLtp = exitLegOf({ side, ltp, phase, target: position.tgt_type === 'CANDLE' ? null : target, stop: position.sl_type === 'CANDLE' ? null : stop });
  const close = market.closedCandleOf(position.instrument.script_id, timeframeOf(position))?.close ?? null;
  const byCandle =
    close === null ? null : exitLegOf({ side, ltp: close, phase: 'inside', target: position.tgt_type === 'CANDLE' ? target : null, stop: position.sl_type === 'CANDLE' ? stop : null });
  const leg = LEG_ORDER.find((candidate) => candidate === byLtp || candidate === byCandle);
  if (leg !== undefined && mayPlace(position, 'exit')) {
    const price = leg === byLtp ? ltp : (close ?? ltp);
    return { kind: 'exit', position, leg, note: EXIT_NOTES[leg]({ target, stop, price }, group.end_time) };
  }
  const rollover = decideRolloverStart(group, position, market, mayPlace(position, 'exit'));
  if (rollover) return rollover;
  if (trailed.stop_price === position.stop_price || trailed.stop_price === null) return null;
  return { kind: 'trail', position, levels: trailed, note: `Stop-loss trailed to ${trailed.stop_price} (best price ${trailed.best_price ?? ltp})` };
}

type PositionDecider = (group: OrderGroupItem, position: PositionItem, phase: WindowPhase, market: MarketNow) => MonitorDecision | null;

const resumeRollover: PositionDecider = (group, position, _phase, market) => decideRolloverResume(group, position, market);

/** Live positions are watched; a closed one only while a rollover it was exited for is not finished. */
const DECIDERS: Partial<Record<PositionItem['op_status'], PositionDecider>> = {
  WAITING: decideWaiting,
  OPEN: decideOpen,
  EXITED: resumeRollover,
  GROUP_TGT: resumeRollover,
  GROUP_SL: resumeRollover,
  CANCELLED: resumeRollover,
};

/** Everything the monitor does with one group on this tick. */
export function decideGroup(group: OrderGroupItem, positions: readonly PositionItem[], market: MarketNow): MonitorDecision[] {
  const groupExit = decideGroupExit(group, positions, market);
  if (groupExit) return [groupExit];
  const phase = windowPhaseAt({ start: group.start_time, end: group.end_time }, market.at);
  const decisions: MonitorDecision[] = [];
  for (const position of positions.filter(isIdle)) {
    const decision = DECIDERS[position.op_status]?.(group, position, phase, market) ?? null;
    if (decision) decisions.push(decision);
  }
  return decisions;
}
