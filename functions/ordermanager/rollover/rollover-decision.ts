import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import type { PositionItem, RolloverMark } from '../../data/ordermanager/position-item';
import { isRolloverPending } from '../../data/ordermanager/watch-index';
import type { MarketNow, MonitorDecision } from '../monitor/monitor-decision-types';
import { isRolloverDue } from './rollover-calendar';

/**
 * The position monitor's rollover decisions (issue 6), pure:
 * - `rollover`: an OPEN, filled position whose rollover is due, in a group that places orders, exits and
 *   opens its successor. A position rolls once (its successor carries the next rollover); a rollover
 *   whose exit did not go through (the position is OPEN again with its mark `exiting`) is tried again,
 *   within the monitor's automatic attempts.
 * - `rollover-resume`: a closed position whose rollover is still `exiting` — the monitor stopped between
 *   the exit and the successor's entry, or the exit settled through reconciliation — is completed when
 *   the rollover's own exit closed it, and abandoned when anything else did (target, stop-loss, the
 *   user, the group) or the group no longer places orders.
 */
type RolloverDecision = Extract<MonitorDecision, { kind: 'rollover' | 'rollover-resume' }>;

const hasRolled = (position: PositionItem) => position.rollover !== null && position.rollover !== undefined && !isRolloverPending(position);

/** For an OPEN position the monitor would otherwise leave alone this tick (no exit due); `mayExit` is the attempt budget. */
export function decideRolloverStart(group: OrderGroupItem, position: PositionItem, market: MarketNow, mayExit: boolean): RolloverDecision | null {
  if (position.op_status !== 'OPEN' || position.entry_avg_price === null || hasRolled(position)) return null;
  if (!group.og_place_order || !mayExit || !isRolloverDue(position, position.instrument, market.at)) return null;
  const gap = position.rollover_gap ?? 0;
  const when = gap === 0 ? 'on its expiry day' : `${gap} trading day${gap === 1 ? '' : 's'} before its expiry`;
  return { kind: 'rollover', position, note: `Rollover due ${when} (${position.instrument.expiry ?? ''}) at ${position.rollover_time ?? ''}` };
}

const CLOSED_WORDS: Readonly<Partial<Record<PositionItem['op_status'], string>>> = {
  GROUP_TGT: "the group's target",
  GROUP_SL: "the group's stop-loss",
  CANCELLED: 'a cancel',
};

function closedOtherwise(position: PositionItem, mark: RolloverMark): string | null {
  if (position.op_status === 'EXITED' && position.attempts.exit === mark.exit_attempt) return null;
  const by = CLOSED_WORDS[position.op_status] ?? `another exit (${position.exit_leg ?? 'TRADING'})`;
  return `the position was closed by ${by}, not by the rollover's exit`;
}

/** For a position that is no longer OPEN and still has its rollover `exiting`. */
export function decideRolloverResume(group: OrderGroupItem, position: PositionItem, market: MarketNow): RolloverDecision | null {
  const mark = position.rollover;
  if (!mark || mark.state !== 'exiting' || position.op_status === 'OPEN' || position.op_status === 'WAITING') return null;
  const otherwise = closedOtherwise(position, mark);
  if (otherwise !== null) return { kind: 'rollover-resume', position, outcome: 'abandon', note: otherwise };
  if (!group.og_place_order) return { kind: 'rollover-resume', position, outcome: 'abandon', note: 'placing orders is turned off for this order group, so the next contract is not entered' };
  if (mark.instrument === null || !market.isOpen(mark.instrument)) return null;
  return { kind: 'rollover-resume', position, outcome: 'complete', note: `opening ${mark.instrument.trading_symbol}` };
}
