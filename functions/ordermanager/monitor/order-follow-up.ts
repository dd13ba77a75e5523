import { FINAL_ORDER_STATUSES } from '../../../shared/domain/states';
import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import { settlePosition, trackPosition } from '../../data/ordermanager/position-changes';
import { NO_TRACKING, type InFlight, type PositionItem } from '../../data/ordermanager/position-item';
import { getOrder, type StoredOrder } from '../../data/orders/order';
import { findPlacement } from '../../data/orders/order-placement';
import { refreshOrder, UNSETTLED_GRACE_MS } from '../../orders/refresh-orders';
import type { Logger } from '../../platform/logger';
import { orderKeyOf, placePositionOrder } from '../position-actions';
import { notifyPositionExited } from './monitor-notifications';
import { levelsAt } from './position-levels';

/**
 * What the monitor follows up on a position's orders before deciding anything about it:
 * - `reconcile`: an order action still claims it (the broker's answer was ambiguous, or the request
 *   stopped midway). The attempt's order is read by its idempotency key and reconciled with the
 *   broker by its tag (functions/orders/refresh-orders.ts); once its outcome is known the same attempt
 *   is settled through the order path, which answers that order again and never places a second. A
 *   claim that recorded no order within the grace period is released, nothing having been sent.
 * - `entry-fill` / `exit-fill`: the order went through but had not filled when the position was
 *   settled; its record is read (and refreshed from the broker) until it fills — recording the fill
 *   price (and an entry's levels) — or ends unfilled, which moves the position back where it was.
 */
export type FollowUp = 'reconcile' | 'entry-fill' | 'exit-fill';

export function followUpOf(position: PositionItem): FollowUp | null {
  if (position.in_flight !== null) return 'reconcile';
  if (position.op_status === 'OPEN' && position.entry_order_id !== null && position.entry_avg_price === null) return 'entry-fill';
  if (position.op_status !== 'OPEN' && position.exit_order_id !== null && position.exit_avg_price === null) return 'exit-fill';
  return null;
}

export interface FollowUpScope {
  readonly owner: OrderManagerOwner;
  readonly group: OrderGroupItem;
  readonly log: Logger;
  readonly now: Date;
}

const isUnsettled = (order: StoredOrder) => order.submission === 'UNKNOWN' || order.submission === 'SUBMITTING';

/** The order record, brought up to date with the broker when it may have changed there. */
async function currentOrder(scope: FollowUpScope, orderId: string): Promise<StoredOrder | null> {
  const order = await getOrder(scope.owner, orderId);
  if (order === null || (FINAL_ORDER_STATUSES.includes(order.status) && !isUnsettled(order))) return order;
  return refreshOrder(scope.owner, order, scope.log);
}

function claimAgeMs(position: PositionItem, claim: InFlight, now: Date): number {
  return now.getTime() - Date.parse(claim.claimed_at ?? position.updatedAt);
}

async function reconcile(scope: FollowUpScope, position: PositionItem, claim: InFlight): Promise<void> {
  const placement = await findPlacement(scope.owner, orderKeyOf(position, claim));
  if (placement === null) {
    if (claimAgeMs(position, claim, scope.now) <= UNSETTLED_GRACE_MS) return;
    const note = `Attempt ${claim.attempt} recorded no order; released, nothing was sent`;
    await settlePosition(scope.owner, position, claim, { to: position.op_status, leg: null, exitLeg: position.exit_leg, note });
    return;
  }
  const order = await currentOrder(scope, placement.orderId);
  if (order === null || isUnsettled(order)) return;
  const outcome = await placePositionOrder(scope.owner, scope.group, position, claim.action, scope.log);
  if (outcome.outcome === 'done' && claim.action === 'exit') await notifyPositionExited(scope.owner, scope.group, outcome.position, scope.log);
}

const fillOf = (order: StoredOrder) => (order.status === 'completed' ? order.average_price : null);
const endedUnfilled = (order: StoredOrder) => order.status !== 'completed' && FINAL_ORDER_STATUSES.includes(order.status);
/** The part of an order that ended (cancelled, expired, rejected) that the broker filled first, or null when none did. */
function partFilled(order: StoredOrder): { readonly quantity: number; readonly price: number } | null {
  return order.filled_quantity > 0 && order.average_price !== null ? { quantity: order.filled_quantity, price: order.average_price } : null;
}

async function followEntry(scope: FollowUpScope, position: PositionItem, orderId: string): Promise<void> {
  const order = await currentOrder(scope, orderId);
  if (order === null) return;
  const fill = fillOf(order);
  if (fill !== null) {
    const levels = levelsAt(position, fill, null);
    const note = `Entry order ${orderId} filled at ${fill}; target ${levels.target_price ?? 'none'}, stop-loss ${levels.stop_price ?? 'none'}`;
    await trackPosition(scope.owner, position, { entry_avg_price: fill, ...levels }, { action: 'fill', note });
  } else if (endedUnfilled(order)) {
    const part = partFilled(order);
    if (part !== null) {
      // The broker holds what filled: the position is OPEN for that much, watched from that price.
      const held = { ...position, quantity: part.quantity };
      const levels = levelsAt(held, part.price, null);
      const note = `Entry order ${orderId} ${order.status} after filling ${part.quantity} of ${position.quantity} at ${part.price}; OPEN for ${part.quantity}`;
      await trackPosition(scope.owner, position, { entry_avg_price: part.price, quantity: part.quantity, ...levels }, { action: 'fill', note });
      return;
    }
    const note = `Entry order ${orderId} ${order.status} without a fill${order.reason ? `: ${order.reason}` : ''}; WAITING again`;
    await trackPosition(scope.owner, position, { ...NO_TRACKING, op_status: 'WAITING', exit_leg: null }, { action: 'enter', note });
  }
}

async function followExit(scope: FollowUpScope, position: PositionItem, orderId: string): Promise<void> {
  const order = await currentOrder(scope, orderId);
  if (order === null) return;
  const fill = fillOf(order);
  if (fill !== null) {
    await trackPosition(scope.owner, position, { exit_avg_price: fill }, { action: 'fill', note: `Exit order ${orderId} filled at ${fill}` });
  } else if (endedUnfilled(order)) {
    // The position is still held at the broker (all of it, or what the exit did not fill): OPEN again, so
    // it is watched and exited again — for no more than is held, so a second exit never goes short.
    const part = partFilled(order);
    const held = part === null ? position.quantity : position.quantity - part.quantity;
    const filled = part === null ? 'without a fill' : `after filling ${part.quantity} of ${position.quantity}`;
    const note = `Exit order ${orderId} ${order.status} ${filled}${order.reason ? `: ${order.reason}` : ''}; OPEN again for ${held}`;
    await trackPosition(scope.owner, position, { op_status: 'OPEN', exit_leg: null, exit_order_id: null, quantity: held }, { action: 'exit', note });
  }
}

export async function followUp(scope: FollowUpScope, position: PositionItem): Promise<void> {
  if (position.in_flight !== null) return reconcile(scope, position, position.in_flight);
  if (position.op_status === 'OPEN' && position.entry_order_id !== null) return followEntry(scope, position, position.entry_order_id);
  if (position.exit_order_id !== null) return followExit(scope, position, position.exit_order_id);
}
