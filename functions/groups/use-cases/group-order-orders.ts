import type { GroupOrderTarget } from '../../data/groups/group-order';
import { getOrder, type OrderOwner, type StoredOrder } from '../../data/orders/order';
import { findPlacement } from '../../data/orders/order-placement';
import { GROUP_FAN_OUT_CONCURRENCY } from '../../../shared/contracts/groups';
import { mapBounded } from '../../platform/bounded';

/**
 * A target's order as stored now: by the id its group order recorded, or — while the group order is
 * still placing, or after a crash — through the idempotency record its derived key wrote with the
 * intent. Null when the target has no order.
 */
export async function targetOrder(groupOwner: OrderOwner, target: GroupOrderTarget): Promise<StoredOrder | null> {
  // A strategy subscriber's order lives in the subscriber's partition.
  const owner = target.account_owner_id === null ? groupOwner : { frchId: groupOwner.frchId, userId: target.account_owner_id };
  if (target.order_id !== null) return getOrder(owner, target.order_id);
  if (target.order_key === null) return null;
  const placement = await findPlacement(owner, target.order_key);
  return placement ? getOrder(owner, placement.orderId) : null;
}

/** Every target's order (null where none), in the targets' order. */
export function targetOrders(owner: OrderOwner, targets: readonly GroupOrderTarget[]): Promise<(StoredOrder | null)[]> {
  return mapBounded(targets, GROUP_FAN_OUT_CONCURRENCY, (target) => targetOrder(owner, target));
}
