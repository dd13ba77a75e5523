import { orderManagerKeys, userKeys, type ItemKey } from '../keys';
import { queryAllPages } from '../table';

/**
 * What the order manager's items share: the owner whose partition holds them, the keys of an order
 * group (`OMGROUP#<og_id>`) and of a position (`OMPOS#<og_id>#<op_id>`), and the consistent
 * begins_with read of the owner's items under one prefix.
 */
export interface OrderManagerOwner {
  readonly frchId: number;
  readonly userId: number;
}

export const orderGroupKey = (owner: OrderManagerOwner, ogId: string): ItemKey => orderManagerKeys.group(owner.frchId, owner.userId, ogId);
export const positionKey = (owner: OrderManagerOwner, ogId: string, opId: string): ItemKey => orderManagerKeys.position(owner.frchId, owner.userId, ogId, opId);
const partition = (owner: OrderManagerOwner) => userKeys.partition(owner.frchId, owner.userId);

/** Every item of the owner's partition whose sort key begins with `prefix`, all pages, read consistently. */
export function queryOwnerPrefix(owner: OrderManagerOwner, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(owner), ':prefix': prefix },
    ConsistentRead: true,
  });
}
