import { GROUP_HAS_PENDING_ORDERS_MESSAGE } from '../../../shared/contracts/groups';
import { deleteGroupWithChildren, type GroupItem } from '../../data/groups/group';
import { listGroupChildren } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { BusinessRuleError } from '../../platform/errors';
import { groupChanged, loadOwnedGroup } from './owned-group';

/** A group has a pending order exactly while its pending quantity is above zero (every order has a quantity ≥ 1). */
export function hasPendingOrders(group: GroupItem): boolean {
  return group.pending_quantity > 0;
}

/**
 * Deletes the group and its children, refused while any child order is pending. The delete is
 * conditioned on the same rule, so an order counted between the read and the write still stops it.
 */
export async function deleteGroup(owner: GroupOwner, grpId: string): Promise<void> {
  const group = await loadOwnedGroup(owner, grpId);
  if (hasPendingOrders(group)) throw new BusinessRuleError(GROUP_HAS_PENDING_ORDERS_MESSAGE);
  const children = await listGroupChildren(owner, grpId);
  if (await deleteGroupWithChildren(owner, group, children)) return;
  const now = await loadOwnedGroup(owner, grpId);
  if (hasPendingOrders(now)) throw new BusinessRuleError(GROUP_HAS_PENDING_ORDERS_MESSAGE);
  throw groupChanged();
}
