import type { GroupOrderCounter } from '../../../shared/contracts/groups';
import { now as clockNow } from '../../platform/clock';
import type { ItemKey } from '../keys';
import { tableName, type TransactItem } from '../table';
import { childKey, groupKey, type GroupOwner } from './group-keys';

/**
 * The order counters of a group, kept where the orders write them, in the same transaction as each
 * order write (`linkedOrderCountsUpdate`): a child's orders count on its child item, the master's (and
 * orders of children since removed, folded in on removal) on the group item. A group's counters are the
 * group item's plus its children's, summed when read. Counting on the child item rather than the group
 * item keeps a fan-out to many children from queueing every order write on one hot item (concurrent
 * transactions on one item conflict), while deleting a group or removing a child still checks the
 * very items the orders write, so no pending order slips past either.
 */

/** A change of the order counters: positive or negative amounts by counter. */
export type GroupOrderCountsDelta = Partial<Readonly<Record<GroupOrderCounter, number>>>;

/** Which group (and which child of it, null for the master) an order belongs to: where its counts go. */
export interface GroupOrderLink {
  readonly grp_id: string;
  readonly grp_broker_id: string | null;
}

/** `ADD` of `delta` on the counters of one item, holding only while the item exists and no counter would go below zero. */
function countsUpdate(key: ItemKey, delta: GroupOrderCountsDelta, stamp: string | null) {
  const changes = Object.entries(delta).filter(([, amount]) => amount !== undefined && amount !== 0) as [GroupOrderCounter, number][];
  if (changes.length === 0) throw new Error('A group counter update needs at least one non-zero change');
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const additions: string[] = [];
  const floors: string[] = [];
  changes.forEach(([counter, amount], index) => {
    if (!Number.isInteger(amount)) throw new Error(`Counter ${counter} must change by a whole number, not ${amount}`);
    names[`#c${index}`] = counter;
    values[`:d${index}`] = amount;
    additions.push(`#c${index} :d${index}`);
    if (amount < 0) {
      values[`:floor${index}`] = -amount;
      floors.push(`#c${index} >= :floor${index}`);
    }
  });
  if (stamp !== null) values[':now'] = stamp;
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `${stamp === null ? '' : 'SET updatedAt = :now '}ADD ${additions.join(', ')}`,
    ConditionExpression: ['attribute_exists(PK)', ...floors].join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * The update of the group item's own order counters by `delta`, for a transaction: it holds only
 * while the group exists and no counter would go below zero.
 */
export function groupOrderCountsUpdate(owner: GroupOwner, grpId: string, delta: GroupOrderCountsDelta, now = clockNow()) {
  return countsUpdate(groupKey(owner, grpId), delta, now.toISOString());
}

/**
 * The counter update an order write of a group's order carries in its own transaction: on the item of
 * the order's child (or the group item for the master's order). It fails when that item is gone (the
 * child was removed or the group deleted), so no order is counted on nothing.
 */
export function linkedOrderCountsUpdate(owner: GroupOwner, link: GroupOrderLink, delta: GroupOrderCountsDelta, now = clockNow()): TransactItem {
  const update =
    link.grp_broker_id === null
      ? groupOrderCountsUpdate(owner, link.grp_id, delta, now)
      : countsUpdate(childKey(owner, link.grp_id, link.grp_broker_id), delta, null);
  return { Update: update };
}
