import type { PositionOutcome } from '../../../shared/contracts/ordermanager';
import { getBrokerAccount } from '../../data/broker-accounts-repository';
import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import type { NewPosition, PositionItem } from '../../data/ordermanager/position-item';
import { enterFromSignal } from '../../ordermanager/enter-from-signal';
import { normalisedTicket, ticketFromFields, ticketProblems } from '../../orders/order-ticket';
import type { Logger } from '../../platform/logger';
import type { PlanContext } from './order-plan';
import type { Assignment } from './plan-assignments';
import type { PlanOutcome } from './plan-outcome';
import { positionIdOf } from './position-id';
import type { SignalRun } from './signal-run';

/**
 * One (signal, plan, account): the position the signal asks for, under the id derived from the signal,
 * plan and account, handed to the order manager's one entry for signals (ordermanager/enter-from-signal.ts,
 * which keeps exactly-once and the one-write fast path), and its answer read as the plan's outcome.
 */
export interface EntryContext {
  readonly plan: PlanContext;
  readonly group: OrderGroupItem;
  readonly run: SignalRun;
  readonly log: Logger;
}

const ENTERED_STATUSES: readonly PositionItem['op_status'][] = ['OPEN', 'EXITED', 'GROUP_TGT', 'GROUP_SL'];

function outcomeOf(assignment: Assignment, opId: string | null, outcome: PlanOutcome['outcome'], reason: string | null, orderId: string | null): PlanOutcome {
  return { planId: assignment.plan.planId, brokerId: assignment.brokerId, opId, outcome, reason, orderId };
}

function entryOrderIdOf(position: PositionItem): string | null {
  return position.legs.findLast((leg) => leg.purpose === 'entry')?.order_id ?? null;
}

/** The last note of the entry attempts, e.g. "Entry not placed: …", for a settled entry that did not go through. */
function lastEntryNote(position: PositionItem): string {
  return position.timeline.findLast((event) => event.action === 'enter')?.note ?? 'The entry did not go through.';
}

/** What a position says about its entry when this run will not ask for one. */
function settledOutcome(assignment: Assignment, position: PositionItem): PlanOutcome {
  const opId = position.op_id;
  if (ENTERED_STATUSES.includes(position.op_status)) return outcomeOf(assignment, opId, 'entered', null, entryOrderIdOf(position));
  if (position.op_status === 'CANCELLED') return outcomeOf(assignment, opId, 'cancelled', 'The position was cancelled before it entered.', null);
  if (position.attempts.enter > 0) return outcomeOf(assignment, opId, 'failed', lastEntryNote(position), entryOrderIdOf(position));
  return outcomeOf(assignment, opId, 'waiting', null, null);
}

const PLACED_OUTCOMES: Readonly<Record<PositionOutcome['outcome'], PlanOutcome['outcome']>> = {
  done: 'entered',
  failed: 'failed',
  unknown: 'unknown',
  refused: 'failed',
};

const planOutcomeOf = (assignment: Assignment, placed: PositionOutcome): PlanOutcome =>
  outcomeOf(assignment, placed.op_id, PLACED_OUTCOMES[placed.outcome], placed.reason, placed.order_id);

/** A group target's children are entered without reading each order back (a fan-out); the monitor records their fills. */
const readBackOf = (assignment: Assignment): boolean => assignment.plan.target.kind === 'account';

/** The position this run writes for the assignment, or a ticket the order rules refuse. */
function newPositionOf(context: EntryContext, assignment: Assignment, opId: string): { readonly position: NewPosition } | { readonly problems: string } {
  const { plan, brokerId, quantity } = assignment;
  const ticket = normalisedTicket(ticketFromFields(plan.instrument, { ...plan.fields, quantity }));
  const problems = ticketProblems(ticket);
  if (problems.length > 0) return { problems: problems.map((problem) => problem.message).join('; ') };
  return {
    position: { ...plan.fields, price: ticket.price, trigger_price: ticket.triggerPrice, instrument: plan.instrument, quantity, broker_id: brokerId, og_id: context.group.og_id, op_id: opId },
  };
}

function addedNote(context: EntryContext, position: NewPosition): string {
  return `Signal ${context.plan.signalId.slice(0, 12)}…: ${position.transaction_type} ${position.quantity} ${position.instrument.trading_symbol}, entry ${position.entry_type}`;
}

/** How the order manager's answer reads as the plan's outcome; the observer hears of every entry sent to the broker. */
async function outcomeOfEntry(context: EntryContext, assignment: Assignment, made: NewPosition): Promise<PlanOutcome> {
  const { plan, group, run, log } = context;
  let sent = false;
  const result = await enterFromSignal({
    owner: plan.owner,
    group,
    position: made,
    note: addedNote(context, made),
    account: await getBrokerAccount(plan.owner, made.broker_id, run.items),
    readBack: readBackOf(assignment),
    log,
    ready: run.pickedUp,
    sending: (opId) => {
      sent = true;
      run.observer.orderSent(assignment, opId);
    },
  });
  const outcome =
    result.kind === 'placed'
      ? planOutcomeOf(assignment, result.placed)
      : result.kind === 'refused'
        ? outcomeOf(assignment, result.opId, 'failed', result.reason, null)
        : settledOutcome(assignment, result.position);
  if (sent) await run.observer.orderAnswered(outcome);
  return outcome;
}

export async function enterAssignment(context: EntryContext, assignment: Assignment): Promise<PlanOutcome> {
  const opId = positionIdOf(context.plan.signalId, assignment.plan.planId, assignment.brokerId);
  const made = newPositionOf(context, assignment, opId);
  if ('problems' in made) return outcomeOf(assignment, null, 'failed', made.problems, null);
  return outcomeOfEntry(context, assignment, made.position);
}
