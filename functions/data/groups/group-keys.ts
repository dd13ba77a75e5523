import { groupKeys, userKeys, type ItemKey } from '../keys';
import { queryAllPages } from '../table';

/**
 * What the groups area shares: the owner whose partition holds a group's items, the keys of the group
 * item (`GROUP#<grp_id>`) and of its child items (`GROUPCHILD#<grp_id>#<grp_broker_id>`), and the
 * begins_with read of the owner's items under one prefix.
 */
export interface GroupOwner {
  readonly frchId: number;
  readonly userId: number;
}

export const groupKey = (owner: GroupOwner, grpId: string): ItemKey => groupKeys.group(owner.frchId, owner.userId, grpId);
export const childKey = (owner: GroupOwner, grpId: string, grpBrokerId: string): ItemKey => groupKeys.child(owner.frchId, owner.userId, grpId, grpBrokerId);
export const ownerPartition = (owner: GroupOwner): string => userKeys.partition(owner.frchId, owner.userId);

/** Every item of the owner's partition whose sort key begins with `prefix`, all pages. */
export function queryOwnerPrefix(owner: GroupOwner, prefix: string, consistent = false): Promise<Record<string, unknown>[]> {
  return queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': ownerPartition(owner), ':prefix': prefix },
    ConsistentRead: consistent,
  });
}
