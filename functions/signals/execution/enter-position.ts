import type { PositionOutcome } from '../../../shared/contracts/ordermanager';
import { getBrokerAccount, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import { addSignalPosition, getPosition, signalPositionPut } from '../../data/ordermanager/position';
import type { NewPosition, PositionItem } from '../../data/ordermanager/position-item';
import { firstEntryClaim, orderKeyOf, placePositionOrder, settleOrderResult, ticketOf, type Prefetched } from '../../ordermanager/position-actions';
import { normalisedTicket, ticketFromFields, ticketProblems } from '../../orders/order-ticket';
import { recordIntent, sendIntent } from '../../orders/place-order';
import { OPENING_POLICY, tradingRefusal } from '../../orders/tradable-account';
import { now as clockNow } from '../../platform/clock';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { PlanContext } from './order-plan';
import type { Assignment } from './plan-assignments';
import type { PlanOutcome } from './plan-outcome';
import { positionIdOf } from './position-id';
import type { SignalRun } from './signal-run';

/**
 * One (signal, plan, account): its position, written once under the derived id, then entered when its
 * entry is DIRECT. A run that finds the position already there (a redelivery, a duplicate, a replay)
 * continues from its state and never starts a second entry:
 * - an entry attempt still in flight (a crash after the order was sent) is asked again with the same
 *   attempt, whose idempotency key answers the order already placed;
 * - a position never tried (a crash before the claim) is entered now;
 * - a tried and settled one reports how it ended (a refused entry is not retried blindly).
 *
 * The common case — a new DIRECT position on a tradable account of a group taking orders — costs one
 * write before the broker call: the position, claimed for its first entry attempt, goes in the same
 * transaction as that entry order's intent and idempotency record (key `om-<op>-enter-1`, exactly what
 * the general path would use), so either both exist or neither does.
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

const planOutcomeOf = (assignment: Assignment, placed: PositionOutcome): PlanOutcome =>
  outcomeOf(assignment, placed.op_id, PLACED_OUTCOMES[placed.outcome], placed.reason, placed.order_id);

/** A group target's children are entered without reading each order back (a fan-out); the monitor records their fills. */
const readBackOf = (assignment: Assignment): boolean => assignment.plan.target.kind === 'account';

/** The general path's entry: claim (unless written claimed), place through the order path with the attempt's key, settle. */
async function enter(context: EntryContext, assignment: Assignment, position: PositionItem, prefetched: Prefetched): Promise<PlanOutcome> {
  const { plan, group, run, log } = context;
  await run.pickedUp;
  run.observer.orderSent(assignment, position.op_id);
  let outcome: PlanOutcome;
  try {
    outcome = planOutcomeOf(assignment, await placePositionOrder(plan.owner, group, position, 'enter', log, {}, prefetched));
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 500) throw error;
    // Refused (place-order off, the position moved meanwhile — e.g. a racing redelivery entered it): its state tells.
    const fresh = await getPosition(plan.owner, position.og_id, position.op_id);
    outcome = fresh && !wantsEntry(fresh) ? settledOutcome(assignment, fresh) : outcomeOf(assignment, position.op_id, 'failed', error.message, null);
  }
  await run.observer.orderAnswered(outcome);
  return outcome;
}

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

function addedEvent(context: EntryContext, position: NewPosition) {
  const { plan } = context;
  return { action: 'add' as const, note: `Signal ${plan.signalId.slice(0, 12)}…: ${position.transaction_type} ${position.quantity} ${position.instrument.trading_symbol}, entry ${position.entry_type}` };
}

/**
 * The one-write entry: the claimed position with the entry's intent in one transaction, then the broker.
 * Null when the transaction wrote nothing — the position exists (an earlier run), or the attempt's key
 * does without it — and the general path takes over from what is stored.
 */
async function enterInOneWrite(context: EntryContext, assignment: Assignment, position: NewPosition, account: BrokerAccountItem): Promise<PlanOutcome | null> {
  const { plan, run, log } = context;
  const now = clockNow();
  const claim = firstEntryClaim(now);
  const { item, put } = signalPositionPut(plan.owner, position, addedEvent(context, position), claim, now);
  const command = { ticket: ticketOf(item, 'enter'), idempotencyKey: orderKeyOf(item, claim.inFlight) };
  const [recorded] = await Promise.all([recordIntent(plan.owner, account, command, 'bridge', OPENING_POLICY, put), run.pickedUp]);
  if (recorded.kind !== 'recorded') return null;
  run.observer.orderSent(assignment, item.op_id);
  const order = await sendIntent(plan.owner, account, recorded.intent, log, readBackOf(assignment));
  const outcome = planOutcomeOf(assignment, await settleOrderResult(plan.owner, item, claim.inFlight, 'enter', { kind: 'order', order }));
  await run.observer.orderAnswered(outcome);
  return outcome;
}

/**
 * The general path's position: written now — claimed for its first attempt when the entry is DIRECT and
 * the group takes orders — or the one an earlier run wrote.
 */
async function positionFor(context: EntryContext, assignment: Assignment, position: NewPosition, account: BrokerAccountItem | null): Promise<{ readonly position: PositionItem; readonly prefetched: Prefetched }> {
  const { plan, group } = context;
  const readBack = readBackOf(assignment);
  const claim = position.entry_type === 'DIRECT' && group.og_place_order ? firstEntryClaim(clockNow()) : null;
  const added = await addSignalPosition(plan.owner, position, addedEvent(context, position), claim);
  if (added) return { position: added, prefetched: { account, claimWritten: claim !== null, origin: 'bridge', readBack } };
  // Refused: the position is already there (an earlier run of this signal): it is claimed as that run left it.
  const existing = await getPosition(plan.owner, group.og_id, position.op_id);
  if (existing) return { position: existing, prefetched: { account, origin: 'bridge', readBack } };
  throw new Error(`position ${position.op_id} refused as existing but not found`);
}

/** Whether the one-write entry applies: a DIRECT entry, the group taking orders, the account able to take new orders. */
function canEnterInOneWrite(context: EntryContext, position: NewPosition, account: BrokerAccountItem | null): account is BrokerAccountItem {
  return position.entry_type === 'DIRECT' && context.group.og_place_order && account !== null && tradingRefusal(account, OPENING_POLICY) === null;
}

export async function enterAssignment(context: EntryContext, assignment: Assignment): Promise<PlanOutcome> {
  const opId = positionIdOf(context.plan.signalId, assignment.plan.planId, assignment.brokerId);
  const made = newPositionOf(context, assignment, opId);
  if ('problems' in made) return outcomeOf(assignment, null, 'failed', made.problems, null);
  const account = await getBrokerAccount(context.plan.owner, assignment.brokerId, context.run.items);
  if (canEnterInOneWrite(context, made.position, account)) {
    const entered = await enterInOneWrite(context, assignment, made.position, account);
    if (entered) return entered;
  }
  const { position, prefetched } = await positionFor(context, assignment, made.position, account);
  // A group taking no orders now refuses the entry in the order path: the position waits, never tried, with the reason reported.
  return wantsEntry(position) ? enter(context, assignment, position, prefetched) : settledOutcome(assignment, position);
}
