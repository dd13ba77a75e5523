import type { SUBSCRIPTION_END_REASONS } from '../../shared/contracts/strategy-subscriptions';
import { getGroupChild, removeGroupChild } from '../data/groups/group-child';
import type { GroupOwner } from '../data/groups/group-keys';
import { subscriberLeaveItems } from '../data/strategies/strategy-fan-out-items';
import { followerWriteItem, getFollower, subscriberRecordItem, type FollowerFields, type FollowerItem } from '../data/strategies/strategy-subscriptions-repository';
import { transactIfConditionsHold } from '../data/table';
import { now as clockNow } from '../platform/clock';
import { retryOnConflict } from './subscription-conflicts';
import { scheduled } from './subscription-terms';

type EndReason = (typeof SUBSCRIPTION_END_REASONS)[number];

export function ownerOfFollower(follower: Pick<FollowerFields, 'frch_id' | 'owner_user_id'>): GroupOwner {
  return { frchId: follower.frch_id, userId: follower.owner_user_id };
}

/**
 * Ends a running subscription in ONE transaction: the follower row (only if unchanged since read), the
 * subscriber's record, the child's `active_until` (the fan-out stops sending to it from `endedAt`) and
 * the strategy's `sub_user_count`. False when the row changed meanwhile (the caller reads again).
 * The account then leaves the group (`removeEndedChild`), at once or, while it has pending orders, on a
 * later schedule run.
 */
export async function endSubscription(follower: FollowerItem, reason: EndReason, endedAt: string, now = clockNow()): Promise<FollowerFields | null> {
  const next = scheduled({ ...follower, state: 'ended', ended_at: endedAt, end_reason: reason });
  const written = await retryOnConflict(() =>
    transactIfConditionsHold([
      followerWriteItem(follower, next, now),
      subscriberRecordItem(next, false, now),
      ...subscriberLeaveItems(ownerOfFollower(follower), follower.grp_id, follower.grp_broker_id, endedAt, now),
    ]),
  );
  return written ? next : null;
}

/**
 * Takes an ended subscription's account out of the strategy's group (its orders' counts fold into the
 * group's, as for any removed child) and clears the row's schedule pointer. While the child still has a
 * pending order it stays (trading nothing: its `active_until` has passed) and the schedule tries again.
 */
export async function removeEndedChild(frchId: number, ownerId: number, grpId: string, userId: number, now = clockNow()): Promise<boolean> {
  const follower = await getFollower(frchId, ownerId, grpId, userId);
  if (!follower || follower.state !== 'ended' || follower.child_removed) return true;
  const owner = ownerOfFollower(follower);
  const child = await getGroupChild(owner, follower.grp_id, follower.grp_broker_id);
  if (child && child.subscription_id === follower.subscription_id && !(await retryOnConflict(() => removeGroupChild(owner, child, now)))) return false;
  const next = scheduled({ ...follower, child_removed: true });
  return transactIfConditionsHold([followerWriteItem(follower, next, now)]);
}
