import { ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE, POSITION_BUSY_MESSAGE, type OpStatus, type PositionLeg, type PositionOutcome } from '../../shared/contracts/ordermanager';
import { getBrokerAccount, type BrokerAccountItem } from '../data/broker-accounts-repository';
import type { OrderGroupItem } from '../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../data/ordermanager/order-manager-keys';
import { getPosition } from '../data/ordermanager/position';
import { claimPosition, movePosition, notePosition, settlePosition } from '../data/ordermanager/position-changes';
import type { InFlight, OrderAction, PositionItem, PositionTracking } from '../data/ordermanager/position-item';
import type { OrderOrigin, StoredOrder } from '../data/orders/order';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../broker-accounts/accounts/owned-account';
import { ticketFromFields, type OrderTicket } from '../orders/order-ticket';
import { placeOrder } from '../orders/place-order';
import { CLOSING_POLICY, OPENING_POLICY } from '../orders/tradable-account';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError, DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { levelsAt } from './monitor/position-levels';
import { toPosition } from './order-manager-view';
import { orderManagerChanged } from './owned-order-manager';
import { ACTION_TARGETS, actionRefusal } from './position-rules';

/** The actions that move a position without an order. */
export type MoveAction = 'cancel' | 'markasexited';
export type PositionActionName = OrderAction | MoveAction;

const outcomeOf = (position: PositionItem, outcome: PositionOutcome['outcome'], reason: string | null, orderId: string | null): PositionOutcome => ({
  op_id: position.op_id,
  outcome,
  reason,
  order_id: orderId,
  position: toPosition(position),
});

/** Throws the rule a position breaks for the action (422), if any. */
function assertAllowed(group: OrderGroupItem, position: PositionItem, action: PositionActionName): void {
  const refusal = actionRefusal(action, position.op_status);
  if (refusal !== null) throw new BusinessRuleError(refusal);
  if (position.in_flight !== null && position.in_flight.action !== action) throw new BusinessRuleError(POSITION_BUSY_MESSAGE);
  // A retry of an attempt already in flight answers the order it placed, whatever the flag says now.
  if (action === 'enter' && position.in_flight === null && !group.og_place_order) throw new BusinessRuleError(ORDER_GROUP_PLACE_ORDER_OFF_MESSAGE);
}

/** A conditional write lost to a concurrent request: the fresh state's rule when it has one, else 409. */
async function lostRace(owner: OrderManagerOwner, group: OrderGroupItem, position: PositionItem, action: PositionActionName): Promise<never> {
  const fresh = await getPosition(owner, position.og_id, position.op_id);
  if (fresh) assertAllowed(group, fresh, action);
  throw orderManagerChanged();
}

const MOVE_NOTES: Readonly<Record<MoveAction, { readonly note: string; readonly exitLeg: PositionItem['exit_leg'] }>> = {
  cancel: { note: 'Cancelled: it will not enter', exitLeg: null },
  // Closed outside the platform: the exit is the user's own trading leg, and no order is placed.
  markasexited: { note: 'Marked as exited; no order placed', exitLeg: 'TRADING' },
};

/** Cancel or mark as exited: a conditional move from the state it was checked in. */
export async function movePositionWithoutOrder(owner: OrderManagerOwner, group: OrderGroupItem, position: PositionItem, action: MoveAction): Promise<PositionOutcome> {
  assertAllowed(group, position, action);
  const { note, exitLeg } = MOVE_NOTES[action];
  const moved = await movePosition(owner, position, ACTION_TARGETS[action], { action, note }, exitLeg);
  return moved ? outcomeOf(moved, 'done', null, null) : lostRace(owner, group, position, action);
}

/** The order an action sends: the saved entry order, or one opposite MARKET order for the whole quantity. */
export function ticketOf(position: PositionItem, action: OrderAction): OrderTicket {
  if (action === 'enter') return ticketFromFields(position.instrument, position);
  return { ...ticketFromFields(position.instrument, position), action: position.transaction_type === 'BUY' ? 'SELL' : 'BUY', orderType: 'MARKET', price: null, triggerPrice: null };
}

/** Derived from the position and the attempt, so every request for one attempt names the same order. */
export function orderKeyOf(position: PositionItem, claim: InFlight): string {
  return `om-${position.op_id}-${claim.action}-${claim.attempt}`;
}

const ACTION_NOUNS: Readonly<Record<OrderAction, string>> = { enter: 'Entry', exit: 'Exit' };

export type OrderResult = { readonly kind: 'order'; readonly order: StoredOrder } | { readonly kind: 'not-placed'; readonly reason: string };

/**
 * What a caller that has already done part of the work hands over (the signal worker, per account): the
 * account it read, that it wrote the position with this attempt's claim already (ADR 0008: one write
 * fewer per account), and the origin of the order (a bridge's entry is `bridge`, spec §3 origins).
 */
export interface Prefetched {
  readonly account?: BrokerAccountItem | null;
  readonly claimWritten?: boolean;
  readonly origin?: OrderOrigin;
  /** False: answer once the broker accepted, without reading the order back (a fan-out; the monitor records the fill). */
  readonly readBack?: boolean;
}

/** The first entry attempt's claim and note, for a position written already claimed. */
export function firstEntryClaim(now: Date): { readonly inFlight: InFlight; readonly note: string } {
  return { inFlight: { action: 'enter', attempt: 1, claimed_at: now.toISOString() }, note: `${ACTION_NOUNS.enter} requested (attempt 1)` };
}

async function sendOrder(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, log: Logger, prefetched: Prefetched): Promise<OrderResult> {
  const account = prefetched.account !== undefined ? prefetched.account : await getBrokerAccount(owner, position.broker_id);
  if (!account) return { kind: 'not-placed', reason: ACCOUNT_NOT_FOUND_MESSAGE };
  const policy = claim.action === 'enter' ? OPENING_POLICY : CLOSING_POLICY;
  try {
    // A position's order is read back before its answer: the fill decides the position's next step.
    const statusReading = prefetched.readBack === false ? ('next-read' as const) : ('before-answer' as const);
    const request = { ticket: ticketOf(position, claim.action), idempotencyKey: orderKeyOf(position, claim), statusReading };
    const placed = await placeOrder(owner, account, request, prefetched.origin ?? 'ordermanager', log, policy);
    return { kind: 'order', order: placed.order };
  } catch (error) {
    // A rule of the order path (account not connected, trading off, order rules): nothing was sent.
    if (error instanceof DomainError) return { kind: 'not-placed', reason: error.message };
    throw error;
  }
}

/**
 * Who asks for an order and what a successful exit leaves: the user (leg TRADING, EXITED) by default;
 * the position monitor names its leg (TGT, SL, END_TIME) and, for a group's target or stop-loss, the
 * group status the position ends in. The plan travels with the claim, so a reconciliation settles the
 * attempt the way it was asked.
 */
export interface OrderPlan {
  readonly leg?: PositionLeg['leg'];
  readonly to?: Extract<OpStatus, 'EXITED' | 'GROUP_TGT' | 'GROUP_SL'>;
  /** Why, on the position's timeline. */
  readonly reason?: string;
}

function claimOf(position: PositionItem, action: OrderAction, plan: OrderPlan, now: Date): InFlight {
  if (position.in_flight) return position.in_flight;
  return {
    action,
    attempt: position.attempts[action] + 1,
    claimed_at: now.toISOString(),
    ...(plan.leg ? { leg: plan.leg } : {}),
    ...(plan.to ? { to: plan.to } : {}),
  };
}

/** The fill price once the order completed, else null (the monitor reads it later). */
const fillPriceOf = (order: StoredOrder): number | null => (order.status === 'completed' ? order.average_price : null);

/** What a placed order tells the monitor: the order, its fill, and (an entry's) the levels to watch from that fill. */
function trackingOf(position: PositionItem, action: OrderAction, order: StoredOrder): Partial<PositionTracking> {
  const fill = fillPriceOf(order);
  if (action === 'exit') return { exit_order_id: order.order_id, exit_avg_price: fill };
  const levels = fill === null ? { target_price: null, stop_price: null, best_price: null } : levelsAt(position, fill, null);
  return { entry_order_id: order.order_id, entry_avg_price: fill, exit_order_id: null, exit_avg_price: null, ...levels };
}

/**
 * Enter or exit: claim the position for this attempt, place the order through the order path with
 * the attempt's key, then settle. Refused or failed orders leave the position as it was, with the
 * reason on its timeline; an ambiguous outcome keeps the claim, so a retry of the same attempt answers
 * the same order (reconciled by its tag) and never places a second one.
 */
export async function placePositionOrder(
  owner: OrderManagerOwner,
  group: OrderGroupItem,
  position: PositionItem,
  action: OrderAction,
  log: Logger,
  plan: OrderPlan = {},
  prefetched: Prefetched = {},
): Promise<PositionOutcome> {
  assertAllowed(group, position, action);
  const claim = claimOf(position, action, plan, clockNow());
  const noun = ACTION_NOUNS[action];
  const why = plan.reason ? `: ${plan.reason}` : '';
  // A position written with this very claim needs no claim write: the attempt's key keeps the order single either way.
  const alreadyClaimed = prefetched.claimWritten === true && position.in_flight?.action === action;
  const claimed = alreadyClaimed ? position : await claimPosition(owner, position, claim, `${noun} requested (attempt ${claim.attempt})${why}`);
  if (!claimed) return lostRace(owner, group, position, action);
  return settleOrderResult(owner, claimed, claim, action, await sendOrder(owner, claimed, claim, log, prefetched));
}

/**
 * What an order asked for a claimed position leaves: not placed or refused → the position as it was,
 * with the reason on its timeline; ambiguous → the claim kept (a retry of the attempt answers the same
 * order); accepted → the position moved (OPEN, or exited) with the order's leg and, for an entry, the
 * levels to watch from its fill.
 */
export async function settleOrderResult(owner: OrderManagerOwner, claimed: PositionItem, claim: InFlight, action: OrderAction, result: OrderResult): Promise<PositionOutcome> {
  const noun = ACTION_NOUNS[action];
  if (result.kind === 'not-placed') {
    const settled = await settlePosition(owner, claimed, claim, { to: claimed.op_status, leg: null, exitLeg: claimed.exit_leg, note: `${noun} not placed: ${result.reason}` });
    return settledOutcome(owner, claimed, settled, 'failed', result.reason, null);
  }
  const { order } = result;
  if (order.submission === 'UNKNOWN' || order.submission === 'SUBMITTING') {
    const noted = await notePosition(owner, claimed, claim, `${noun} order ${order.order_id}: outcome unknown, being reconciled with the broker`);
    return outcomeOf(noted ?? claimed, 'unknown', order.reason ?? 'The broker did not answer clearly; the order is being reconciled.', order.order_id);
  }
  const legKind = claim.leg ?? 'TRADING';
  const leg = { leg: legKind, purpose: action === 'enter' ? 'entry' : 'exit', order_id: order.order_id, at: order.createdAt } as const;
  if (order.status === 'rejected' || order.status === 'failed') {
    const reason = order.reason ?? `order ${order.status}`;
    const settled = await settlePosition(owner, claimed, claim, { to: claimed.op_status, leg, exitLeg: claimed.exit_leg, note: `${noun} order ${order.status}: ${reason}` });
    return settledOutcome(owner, claimed, settled, 'failed', reason, order.order_id);
  }
  const to = action === 'exit' ? (claim.to ?? ACTION_TARGETS.exit) : ACTION_TARGETS.enter;
  const fill = fillPriceOf(order);
  const settled = await settlePosition(owner, claimed, claim, {
    to,
    leg,
    exitLeg: action === 'exit' ? legKind : null,
    note: `${noun} order ${order.order_id} ${order.status}${fill === null ? '' : ` at ${fill}`}`,
    tracking: trackingOf(claimed, action, order),
  });
  return settledOutcome(owner, claimed, settled, 'done', null, order.order_id);
}

/** A settlement another request for the same attempt made first answers the position as that request left it. */
async function settledOutcome(
  owner: OrderManagerOwner,
  claimed: PositionItem,
  settled: PositionItem | null,
  outcome: PositionOutcome['outcome'],
  reason: string | null,
  orderId: string | null,
): Promise<PositionOutcome> {
  const position = settled ?? (await getPosition(owner, claimed.og_id, claimed.op_id)) ?? claimed;
  return outcomeOf(position, outcome, reason, orderId);
}
