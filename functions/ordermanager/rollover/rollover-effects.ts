import type { PositionOutcome } from '../../../shared/contracts/ordermanager';
import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import { addSignalPosition, getPosition } from '../../data/ordermanager/position';
import type { InFlight, PositionItem, RolloverMark } from '../../data/ordermanager/position-item';
import { claimRolloverExit, closeRollover, refuseRollover } from '../../data/ordermanager/position-rollover';
import { instrumentMaster } from '../../market/instrument-master';
import { now } from '../../platform/clock';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { masterLookupOf } from '../../signals/resolve/master-lookup';
import { placePositionOrder } from '../position-actions';
import { notifyRolledOver, notifyRolloverNotDone } from '../monitor/monitor-notifications';
import { successorContract } from './rollover-successor';
import { successorIdOf, successorOf } from './successor-position';

/**
 * Carries out a rollover (issue 6) through the order manager's own order path, exactly once:
 * 1. the next contract is chosen first (nothing is exited when there is none);
 * 2. the exit is claimed together with the rollover mark (one conditional write: a second monitor run
 *    loses it) and placed by `placePositionOrder`, which continues that claimed attempt;
 * 3. once the exit is done, the successor is written once under its derived id (`attribute_not_exists`)
 *    and entered DIRECT through `placePositionOrder` (its attempt key answers the same order to a
 *    racing run); then the mark is closed (`rolled`) by one write, whose writer tells the user.
 * A crash anywhere leaves the old position watched with its mark `exiting`: the next tick finds it
 * EXITED by the rollover's exit and does step 3 (the successor existing, it is only entered if never
 * tried), or finds it still claimed and lets reconciliation settle the exit first.
 */
export interface RolloverScope {
  readonly owner: OrderManagerOwner;
  readonly group: OrderGroupItem;
  readonly log: Logger;
}

/** The rollover exit's leg: the platform's own trading decision (there is no rollover leg kind), named on the timeline. */
const ROLLOVER_EXIT_LEG = 'TRADING';

async function refuse(scope: RolloverScope, position: PositionItem, reason: string): Promise<void> {
  const mark: RolloverMark = { state: 'abandoned', op_id: null, instrument: null, exit_attempt: 0, note: reason };
  const refused = await refuseRollover(scope.owner, position, mark, `Rollover not possible: ${reason}; the position stays open`);
  if (refused) await notifyRolloverNotDone(scope.owner, scope.group, position, `${reason}; it stays open`, scope.log);
}

/** Steps 1–3 for an OPEN position whose rollover is due. */
export async function startRollover(scope: RolloverScope, position: PositionItem, note: string): Promise<void> {
  const choice = successorContract(position.instrument, masterLookupOf(await instrumentMaster()));
  if (!choice.ok) return refuse(scope, position, choice.reason);
  const next = choice.instrument;
  // Claimed on the platform clock, the one the monitor ages claims by (a claim that never recorded an order is released).
  const claim: InFlight = { action: 'exit', attempt: position.attempts.exit + 1, claimed_at: now().toISOString(), leg: ROLLOVER_EXIT_LEG };
  const mark: RolloverMark = { state: 'exiting', op_id: successorIdOf(position), instrument: next, exit_attempt: claim.attempt, note: choice.note };
  const claimed = await claimRolloverExit(scope.owner, position, claim, mark, `${note}: exiting to roll over to ${next.trading_symbol} (${choice.note})`);
  // Another run started it (or the position moved): that run carries it on.
  if (!claimed) return;
  const exit = await placePositionOrder(scope.owner, scope.group, claimed, 'exit', scope.log, { leg: ROLLOVER_EXIT_LEG, reason: `Rollover to ${next.trading_symbol}` });
  if (exit.outcome !== 'done') {
    // Failed: OPEN again, the mark stays and a later tick tries again; unknown: reconciliation settles it, then a tick resumes.
    scope.log.warn('rollover exit not done', { opId: position.op_id, outcome: exit.outcome, reason: exit.reason });
    return;
  }
  const exited = await getPosition(scope.owner, position.og_id, position.op_id);
  if (exited) await completeRollover(scope, exited);
}

/** Whether the successor still needs its entry asked for: never tried (a crash after it was written). One in flight is reconciliation's. */
const needsEntry = (successor: PositionItem) => successor.op_status === 'WAITING' && successor.in_flight === null && successor.attempts.enter === 0;

async function successorFor(scope: RolloverScope, position: PositionItem, mark: RolloverMark & { op_id: string; instrument: NonNullable<RolloverMark['instrument']> }): Promise<PositionItem> {
  const from = `Rolled over from ${position.instrument.trading_symbol} (position ${position.op_id}): ${mark.note}`;
  const added = await addSignalPosition(scope.owner, successorOf(position, mark.instrument, mark.op_id), { action: 'rollover', note: from });
  if (added) return added;
  const existing = await getPosition(scope.owner, position.og_id, mark.op_id);
  if (!existing) throw new Error(`rollover successor ${mark.op_id} refused as existing but not found`);
  return existing;
}

type EntryResult = Pick<PositionOutcome, 'outcome' | 'reason'>;

async function enterSuccessor(scope: RolloverScope, position: PositionItem, successor: PositionItem): Promise<EntryResult> {
  try {
    const entered = await placePositionOrder(scope.owner, scope.group, successor, 'enter', scope.log, { reason: `Rollover from ${position.instrument.trading_symbol}` });
    return { outcome: entered.outcome, reason: entered.reason };
  } catch (error) {
    // Refused (placing orders off meanwhile, a racing run entered it first): the successor's timeline tells.
    if (error instanceof DomainError && error.status !== 500) return { outcome: 'refused', reason: error.message };
    throw error;
  }
}

/** How an entry another run asked for stands. */
function entryStateOf(successor: PositionItem): EntryResult {
  if (successor.in_flight !== null) return { outcome: 'unknown', reason: null };
  if (successor.op_status !== 'WAITING') return { outcome: 'done', reason: null };
  return { outcome: 'failed', reason: successor.timeline.findLast((event) => event.action === 'enter')?.note ?? null };
}

const ENTRY_WORDS: Readonly<Record<PositionOutcome['outcome'], string>> = {
  done: 'entered',
  unknown: 'entry being reconciled with the broker',
  failed: 'entry failed',
  refused: 'entry refused',
};

/** Step 3: the successor written (once) and entered (if never tried), then the mark closed. */
export async function completeRollover(scope: RolloverScope, position: PositionItem): Promise<void> {
  const mark = position.rollover;
  if (!mark || mark.state !== 'exiting' || mark.op_id === null || mark.instrument === null) return;
  const successor = await successorFor(scope, position, { ...mark, op_id: mark.op_id, instrument: mark.instrument });
  const entry: EntryResult = needsEntry(successor) ? await enterSuccessor(scope, position, successor) : entryStateOf(successor);
  const words = `${ENTRY_WORDS[entry.outcome]}${entry.reason ? `: ${entry.reason}` : ''}`;
  const closed = await closeRollover(scope.owner, position, mark, 'rolled', `Rolled over to ${mark.instrument.trading_symbol} (position ${mark.op_id}), ${words}`);
  if (closed) await notifyRolledOver(scope.owner, scope.group, position, successor, entry.outcome === 'done' ? null : words, scope.log);
}

/** A pending rollover that cannot go on (`reason`): closed as abandoned by one write, whose writer tells the user. */
export async function abandonRollover(scope: RolloverScope, position: PositionItem, reason: string): Promise<void> {
  const mark = position.rollover;
  if (!mark || mark.state !== 'exiting') return;
  const closed = await closeRollover(scope.owner, position, mark, 'abandoned', `Rollover abandoned: ${reason}`);
  if (closed) await notifyRolloverNotDone(scope.owner, scope.group, position, reason, scope.log);
}
