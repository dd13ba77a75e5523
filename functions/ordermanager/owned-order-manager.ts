import { ORDER_GROUP_NOT_FOUND_MESSAGE, ORDER_MANAGER_CHANGED_MESSAGE, POSITION_BUSY_MESSAGE, POSITION_NOT_FOUND_MESSAGE } from '../../shared/contracts/ordermanager';
import { getOrderGroup, type OrderGroupItem } from '../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../data/ordermanager/order-manager-keys';
import { getPosition } from '../data/ordermanager/position';
import type { PositionItem } from '../data/ordermanager/position-item';
import { BusinessRuleError, ConflictError, NotFoundError } from '../platform/errors';

/** The caller's order group by id; another user's (or a missing) id is 404, so nobody learns it exists. */
export async function loadOwnedOrderGroup(owner: OrderManagerOwner, ogId: string): Promise<OrderGroupItem> {
  const group = await getOrderGroup(owner, ogId);
  if (!group) throw new NotFoundError(ORDER_GROUP_NOT_FOUND_MESSAGE);
  return group;
}

/** A position of the caller's group; 404 for another user's group or position, or a position of another group. */
export async function loadOwnedPosition(owner: OrderManagerOwner, ogId: string, opId: string): Promise<PositionItem> {
  const position = await getPosition(owner, ogId, opId);
  if (!position) throw new NotFoundError(POSITION_NOT_FOUND_MESSAGE);
  return position;
}

/** A conditional write failed although a fresh read shows no rule against it: a concurrent request got there first. */
export function orderManagerChanged(): ConflictError {
  return new ConflictError(ORDER_MANAGER_CHANGED_MESSAGE);
}

/** While an order is being placed for a position, nothing else may change it (422). */
export function assertIdle(position: PositionItem): void {
  if (position.in_flight !== null) throw new BusinessRuleError(POSITION_BUSY_MESSAGE);
}
