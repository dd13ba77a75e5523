import type { PositionOutcome } from '../../../shared/contracts/ordermanager';
import { addSignalPosition, getPosition, type OrderGroupItem, type PositionItem } from '../../data/ordermanager-repository';
import { firstEntryClaim, placePositionOrder, type Prefetched } from '../../ordermanager/position-actions';
import { orderPathSettings } from '../../orders/order-path-settings';
import { getBrokerAccount } from '../../data/broker-accounts-repository';
import { normalisedTicket, ticketProblems } from '../../orders/order-ticket';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { PlanContext } from './order-plan';
import type { Assignment } from './plan-assignments';
import type { PlanOutcome } from './plan-outcome';
import { positionIdOf } from './position-id';

/**
 * One (signal, plan, account): its position, written once under the derived id, then entered when its
 * entry is DIRECT. A run that finds the position already there (a redelivery, a duplicate, a replay)
 * continues from its state and never starts a second entry:
 * - an entry attempt still in flight (a crash after the order was sent) is asked again with the same
 *   attempt, whose idempotency key answers the order already placed;
 * - a position never tried (a crash before the claim) is entered now;
 * - a tried and settled one reports how it ended (a refused entry is not retried blindly).
 */
export interface EntryObserver {
  /** Before an entry order is asked for. */
  orderSent(assignment: Assignment, opId: string): void;
  /** After the entry answered (a test's crash hook may throw here: the order exists, the run dies). */
  orderAnswered(outcome: PlanOutcome): Promise<void>;
}

export interface EntryContext {
  readonly plan: PlanContext;
  readonly group: OrderGroupItem;
  readonly observer: EntryObserver;
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

/** Whether this run asks for the entry: a DIRECT entry still in flight (the same attempt again), or WAITING and never tried. LTP / CANDLE entries are the position monitor's. */
function wantsEntry(position: PositionItem): boolean {
  if (position.entry_type !== 'DIRECT') return false;
  if (position.in_flight !== null) return position.in_flight.action === 'enter';
  return position.op_status === 'WAITING' && position.attempts.enter === 0;
}

const PLACED_OUTCOMES: Readonly<Record<PositionOutcome['outcome'], PlanOutcome['outcome']>> = {
  done: 'entered',
  failed: 'failed',
  unknown: 'unknown',
  refused: 'failed',
};

async function enter(context: EntryContext, assignment: Assignment, position: PositionItem, prefetched: Prefetched): Promise<PlanOutcome> {
  const { plan, group, observer, log } = context;
  observer.orderSent(assignment, position.op_id);
  let outcome: PlanOutcome;
  try {
    const placed = await placePositionOrder(plan.owner, group, position, 'enter', log, {}, prefetched);
    outcome = outcomeOf(assignment, position.op_id, PLACED_OUTCOMES[placed.outcome], placed.reason, placed.order_id);
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 500) throw error;
    // Refused (place-order off, the position moved meanwhile — e.g. a racing redelivery entered it): its state tells.
    const fresh = await getPosition(plan.owner, position.og_id, position.op_id);
    outcome = fresh && !wantsEntry(fresh) ? settledOutcome(assignment, fresh) : outcomeOf(assignment, position.op_id, 'failed', error.message, null);
  }
  await observer.orderAnswered(outcome);
  return outcome;
}

/**
 * The position of this (signal, plan, account): written now — a DIRECT entry already claimed for its
 * first attempt — or the one an earlier run wrote; the account is read alongside.
 */
async function positionFor(context: EntryContext, assignment: Assignment, opId: string): Promise<{ readonly position: PositionItem; readonly prefetched: Prefetched } | PlanOutcome> {
  const { plan: signal, group } = context;
  const { plan, brokerId, quantity } = assignment;
  const ticket = normalisedTicket({
    instrument: plan.instrument,
    action: plan.fields.transaction_type,
    orderType: plan.fields.order_type,
    product: plan.fields.product,
    quantity,
    price: plan.fields.price,
    triggerPrice: plan.fields.trigger_price,
  });
  const problems = ticketProblems(ticket);
  if (problems.length > 0) return outcomeOf(assignment, null, 'failed', problems.map((problem) => problem.message).join('; '), null);
  const claim = plan.fields.entry_type === 'DIRECT' ? firstEntryClaim(orderPathSettings().clock()) : null;
  const [added, account] = await Promise.all([
    addSignalPosition(
      signal.owner,
      { ...plan.fields, price: ticket.price, trigger_price: ticket.triggerPrice, instrument: plan.instrument, quantity, broker_id: brokerId, og_id: group.og_id, op_id: opId },
      { action: 'add', note: `Signal ${signal.signalId.slice(0, 12)}…: ${plan.fields.transaction_type} ${quantity} ${plan.instrument.trading_symbol}, entry ${plan.fields.entry_type}` },
      claim,
    ),
    getBrokerAccount(signal.owner, brokerId),
  ]);
  if (added) return { position: added, prefetched: { account, claimWritten: claim !== null, origin: 'bridge' } };
  // Refused: the position is already there (an earlier run of this signal): it is claimed as that run left it.
  const existing = await getPosition(signal.owner, group.og_id, opId);
  if (existing) return { position: existing, prefetched: { account, origin: 'bridge' } };
  throw new Error(`position ${opId} refused as existing but not found`);
}

export async function enterAssignment(context: EntryContext, assignment: Assignment): Promise<PlanOutcome> {
  const opId = positionIdOf(context.plan.signalId, assignment.plan.planId, assignment.brokerId);
  const found = await positionFor(context, assignment, opId);
  if (!('position' in found)) return found;
  const { position, prefetched } = found;
  return wantsEntry(position) ? enter(context, assignment, position, prefetched) : settledOutcome(assignment, position);
}
