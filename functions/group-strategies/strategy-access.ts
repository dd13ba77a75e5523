import { STRATEGY_NOT_FOUND_MESSAGE, STRATEGY_OWNER_ONLY_MESSAGE } from '../../shared/contracts/strategy-plans';
import { getGroup, type GroupItem } from '../data/groups/group';
import type { GroupOwner } from '../data/groups/group-keys';
import { findStrategyOwner, hasStrategyPermission } from '../data/strategies/strategy-access-repository';
import { getFollower } from '../data/strategies/strategy-subscriptions-repository';
import { ForbiddenError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';

/**
 * Who may do what with a group strategy (issue 21). A strategy is named by its group id; the group lives
 * in its owner's partition, and the franchise's strategy directory (written when `updatestrategy` turns
 * `is_strategy` on) names that owner. Every "not yours / not there / not a strategy" answer is the same
 * 404, so nobody learns which group ids exist.
 */

/** How the caller may see a strategy: its owner, a user the owner permitted, or any user of a PUBLIC strategy's franchise. */
export type StrategyViewerKind = 'owner' | 'permitted' | 'franchise';

export interface StrategyAccess {
  readonly owner: GroupOwner;
  readonly group: GroupItem;
  readonly viewer: StrategyViewerKind;
}

function notFound(): NotFoundError {
  return new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
}

/**
 * The caller's own strategy: only a broker panel owns strategies (403 otherwise, whatever the id, so the
 * refusal tells nothing); another user's or franchise's group, or a group that is not a strategy, is 404.
 */
export async function ownedStrategy(principal: Principal, grpId: string): Promise<GroupItem> {
  if (!principal.roles.is_brokerpanel) throw new ForbiddenError(STRATEGY_OWNER_ONLY_MESSAGE);
  const group = await getGroup(principal, grpId);
  if (!group?.is_strategy) throw notFound();
  return group;
}

/**
 * Whether a user other than the owner may view a PRIVATE strategy: the owner permitted it, or it follows
 * the strategy now. Revoking a permission ends viewing and new subscriptions, but a paid subscription
 * runs to its end — and while it runs its subscriber still sees the strategy (its records, its plans).
 */
export async function isPermitted(owner: GroupOwner, grpId: string, principal: Principal): Promise<boolean> {
  const [permitted, follower] = await Promise.all([hasStrategyPermission(owner, grpId, principal.userId), getFollower(owner.frchId, owner.userId, grpId, principal.userId)]);
  return permitted || follower?.state === 'active';
}

/**
 * A strategy the caller may view: the owner always; for a PUBLIC strategy any user of the owner's
 * franchise; for a PRIVATE one a user the owner permitted (`isPermitted`). Anyone else: 404.
 */
export async function viewableStrategy(principal: Principal, grpId: string): Promise<StrategyAccess> {
  const owner = await findStrategyOwner(principal.frchId, grpId);
  if (!owner) throw notFound();
  const group = await getGroup(owner, grpId);
  if (!group?.is_strategy) throw notFound();
  if (owner.userId === principal.userId) return { owner, group, viewer: 'owner' };
  if (group.visibility === 'PUBLIC') return { owner, group, viewer: 'franchise' };
  if (await isPermitted(owner, grpId, principal)) return { owner, group, viewer: 'permitted' };
  throw notFound();
}
