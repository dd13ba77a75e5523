import type { OpStatus } from '../../../shared/contracts/ordermanager';
import { now as clockNow } from '../../platform/clock';
import type { OrderManagerOwner } from './order-manager-keys';
import type { InFlight, PositionItem, RolloverMark } from './position-item';
import { STATE_NAMES, changePosition } from './position-changes';

/**
 * The rollover writes on an order-manager position (`OMPOS#<og_id>#<op_id>`): its `rollover` mark is
 * set, refused and closed by conditional writes on the position as read, so each step happens once.
 */

/**
 * Starts a rollover: claims the OPEN position for its exit attempt and marks the rollover in one
 * conditional write (still OPEN, nothing in flight, not written since it was read), so two monitor runs
 * cannot both start it and the mark names exactly the exit attempt the rollover asked for. The claim
 * is then carried on by the order path (`placePositionOrder` continues the same attempt).
 */
export function claimRolloverExit(owner: OrderManagerOwner, position: PositionItem, claim: InFlight, mark: RolloverMark, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { in_flight: claim, rollover: mark },
      event: { action: 'rollover', op_status: position.op_status, note },
      condition: '#status = :from AND #flight = :none AND #updated = :seen',
      names: { ...STATE_NAMES, '#updated': 'updatedAt' },
      values: { ':from': 'OPEN' satisfies OpStatus, ':none': null, ':seen': position.updatedAt },
    },
    now,
  );
}

/**
 * Records that a rollover cannot start (no next contract): no claim, no order, only the mark and the
 * reason, on the position as it was read (still OPEN, idle, not written since), so it is told once.
 */
export function refuseRollover(owner: OrderManagerOwner, position: PositionItem, mark: RolloverMark, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { rollover: mark },
      event: { action: 'rollover', op_status: position.op_status, note },
      condition: '#status = :from AND #flight = :none AND #updated = :seen',
      names: { ...STATE_NAMES, '#updated': 'updatedAt' },
      values: { ':from': position.op_status, ':none': null, ':seen': position.updatedAt },
    },
    now,
  );
}

/**
 * Ends a pending rollover (`rolled` once the successor is written and asked to enter, `abandoned` when it
 * cannot go on): only the one write that finds it still `exiting` succeeds, so its caller alone tells
 * the user. The position is no longer watched for it.
 */
export function closeRollover(owner: OrderManagerOwner, position: PositionItem, mark: RolloverMark, state: Exclude<RolloverMark['state'], 'exiting'>, note: string, now = clockNow()): Promise<PositionItem | null> {
  return changePosition(
    owner,
    position,
    {
      set: { rollover: { ...mark, state } },
      event: { action: 'rollover', op_status: position.op_status, note },
      condition: '#rollover.#state = :exiting AND #rollover.op_id = :successor AND #rollover.exit_attempt = :attempt',
      names: { '#rollover': 'rollover', '#state': 'state' },
      values: { ':exiting': 'exiting' satisfies RolloverMark['state'], ':successor': mark.op_id, ':attempt': mark.exit_attempt },
    },
    now,
  );
}
