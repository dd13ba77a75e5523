import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OpStatus, PositionEvent, PositionLeg } from '../../../shared/contracts/ordermanager';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { assignmentsOf, isConditionFailure, tableName } from '../table';
import { positionKey, type OrderManagerOwner } from './order-manager-keys';
import { positionItemSchema, type InFlight, type PositionItem, type PositionItemFields, type PositionTracking } from './position-item';
import { WATCH_INDEX_ATTRIBUTES, isWatchedByMonitor, watchEntryOf, type WatchState } from './watch-index';

/**
 * The state changes of an order-manager position (`OMPOS#<og_id>#<op_id>`). Every state change is a
 * conditional write on the state it was decided from, so two requests racing on one position cannot
 * both move it. An action that places an order first claims the position (`in_flight`: the action and
 * its attempt number); the attempt names the order's idempotency key, so a retried or concurrent
 * request for the same attempt answers the same order instead of placing another, and only the
 * claim's holder settles it.
 */

/** One conditional change of a position: plain assignments, an event (and a leg) appended to its lists. */
export interface PositionChange {
  readonly set: Readonly<Record<string, unknown>>;
  readonly event: Omit<PositionEvent, 'at'>;
  readonly leg?: PositionLeg;
  /** A condition on the position with its own names and values. */
  readonly condition: string;
  readonly names: Readonly<Record<string, string>>;
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * Every change also sets or removes the position's watch index entry, decided on the state it leaves
 * (the state read, which the condition guarantees, with the change applied).
 */
export async function changePosition(owner: OrderManagerOwner, position: PositionItem, change: PositionChange, now: Date): Promise<PositionItem | null> {
  const watched = isWatchedByMonitor({ ...position, ...change.set } as WatchState);
  const watchSet = watched ? watchEntryOf(owner, position.og_id, position.op_id) : {};
  const { assignments, names, values } = assignmentsOf({ ...change.set, ...watchSet }, now);
  const appended = [`timeline = list_append(timeline, :event)`, ...(change.leg ? ['legs = list_append(legs, :leg)'] : [])];
  const removed = watched ? '' : ` REMOVE ${WATCH_INDEX_ATTRIBUTES.join(', ')}`;
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: positionKey(owner, position.og_id, position.op_id),
        UpdateExpression: `SET ${[...assignments, ...appended].join(', ')}${removed}`,
        ConditionExpression: `attribute_exists(PK) AND (${change.condition})`,
        ExpressionAttributeNames: { ...names, ...change.names },
        ExpressionAttributeValues: {
          ...values,
          ...change.values,
          ':event': [{ ...change.event, at: now.toISOString() }],
          ...(change.leg ? { ':leg': [change.leg] } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return positionItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export const STATE_NAMES = { '#status': 'op_status', '#flight': 'in_flight' };
const CLAIM_NAMES = { ...STATE_NAMES, '#action': 'action' };
const IDLE_IN = (status: OpStatus) => ({ condition: '#status = :from AND #flight = :none', names: STATE_NAMES, values: { ':from': status, ':none': null } });

/** Edits plain fields of a position still in the state they were checked against, with no order being placed. */
export function editPositionFields(
  owner: OrderManagerOwner,
  position: PositionItem,
  fields: PositionItemFields & Partial<Pick<PositionTracking, 'target_price' | 'stop_price' | 'best_price'>>,
  note: string,
  now = clockNow(),
): Promise<PositionItem | null> {
  return changePosition(owner, position, { set: fields, event: { action: 'edit', op_status: position.op_status, note }, ...IDLE_IN(position.op_status) }, now);
}

/** Moves a position without an order (cancel, mark as exited): only from the state it was read in, with nothing in flight. */
export function movePosition(
  owner: OrderManagerOwner,
  position: PositionItem,
  to: OpStatus,
  event: { readonly action: string; readonly note: string },
  exitLeg: PositionItem['exit_leg'],
  now = clockNow(),
): Promise<PositionItem | null> {
  return changePosition(owner, position, { set: { op_status: to, exit_leg: exitLeg }, event: { ...event, op_status: to }, ...IDLE_IN(position.op_status) }, now);
}

/**
 * Claims the position for an order action: from the state it was read in, when nothing is in
 * flight or the same attempt already is (a retry, which then shares the attempt's idempotency key).
 */
export function claimPosition(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { in_flight: claim },
      event: { action: claim.action, op_status: position.op_status, note },
      condition: '#status = :from AND (#flight = :none OR (#flight.#action = :action AND #flight.attempt = :attempt))',
      names: CLAIM_NAMES,
      values: { ':from': position.op_status, ':none': null, ':action': claim.action, ':attempt': claim.attempt },
    },
    now,
  );
}

/** How a claimed action ended: the state it leaves (the same one when the order did not go through), its order, and why. */
export interface Settlement {
  readonly to: OpStatus;
  readonly leg: PositionLeg | null;
  readonly exitLeg: PositionItem['exit_leg'];
  readonly note: string;
  /** What the order tells the monitor (order ids, fill prices, levels), recorded with the settlement. */
  readonly tracking?: Partial<PositionTracking>;
}

/** Settles the claim (only its holder's attempt): records the outcome and frees the position. */
export function settlePosition(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, settlement: Settlement, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: {
        ...settlement.tracking,
        op_status: settlement.to,
        exit_leg: settlement.exitLeg,
        in_flight: null,
        attempts: { ...position.attempts, [claim.action]: claim.attempt },
      },
      event: { action: claim.action, op_status: settlement.to, note: settlement.note },
      ...(settlement.leg ? { leg: settlement.leg } : {}),
      condition: '#status = :from AND #flight.#action = :action AND #flight.attempt = :attempt',
      names: CLAIM_NAMES,
      values: { ':from': position.op_status, ':action': claim.action, ':attempt': claim.attempt },
    },
    now,
  );
}

/** Notes an outcome that is not settled yet (the broker's answer was ambiguous): the claim stays until it is. */
export function notePosition(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: {},
      event: { action: claim.action, op_status: position.op_status, note },
      condition: '#flight.#action = :action AND #flight.attempt = :attempt',
      names: { '#flight': 'in_flight', '#action': 'action' },
      values: { ':action': claim.action, ':attempt': claim.attempt },
    },
    now,
  );
}

/** What the monitor records on a position it watches (no order involved): tracking fields, and a move back or on when an order's fate says so. */
export type TrackedChange = Partial<PositionTracking> & {
  readonly op_status?: OpStatus;
  readonly exit_leg?: PositionItem['exit_leg'];
  /** What the broker holds now, when an order ended part-filled. */
  readonly quantity?: number;
};

/**
 * Records what the monitor saw (a fill price, the levels, a trailed stop…) on the position exactly as
 * it was read: same state, nothing in flight, not written since (`updatedAt`), so a decision made on a
 * stale read, or by a second monitor run, is not applied.
 */
export function trackPosition(owner: OrderManagerOwner, position: PositionItem, change: TrackedChange, event: { readonly action: string; readonly note: string }, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: change,
      event: { ...event, op_status: change.op_status ?? position.op_status },
      condition: '#status = :from AND #flight = :none AND #updated = :seen',
      names: { ...STATE_NAMES, '#updated': 'updatedAt' },
      values: { ':from': position.op_status, ':none': null, ':seen': position.updatedAt },
    },
    now,
  );
}
