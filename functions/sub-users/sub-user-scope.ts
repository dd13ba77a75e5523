import { getUser } from '../data/users-repository';
import type { UserItem } from '../data/user-item';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';

/**
 * THE rule of the sub-user hierarchy (issue 19, ADR 0013), written once; every sub-user and referral
 * call that names another user goes through it:
 * - a broker-panel user manages every other user of its own franchise;
 * - any other parent (can add sub-users, or white label) manages only the users it added itself
 *   (`parent_user_id` is the caller) — one level: not its sub-users' sub-users;
 * - nobody manages itself, and nobody reaches another franchise (the user is read under the caller's
 *   franchise, so a user of another franchise does not exist for it).
 * Anything else is "not found" (404), exactly as an id that does not exist, so ids cannot be probed.
 */
export const SUB_USER_NOT_FOUND_MESSAGE = 'Sub-user not found';

/** Whether `manager` may act on `target` (both already known to be in the manager's franchise). */
export function managesUser(manager: Pick<Principal, 'userId' | 'frchId' | 'roles'>, target: Pick<UserItem, 'user_id' | 'frch_id' | 'parent_user_id'>): boolean {
  if (target.frch_id !== manager.frchId || target.user_id === manager.userId) return false;
  if (manager.roles.is_brokerpanel) return true;
  const isParent = manager.roles.can_add_subuser || manager.roles.is_white_label;
  return isParent && target.parent_user_id === manager.userId;
}

/** The sub-user `subUserId` if the caller manages it; otherwise a 404 and nothing else happens. */
export async function findManagedSubUser(manager: Principal, subUserId: number): Promise<UserItem> {
  const target = await getUser(manager.frchId, subUserId);
  if (!target || !managesUser(manager, target)) throw new NotFoundError(SUB_USER_NOT_FOUND_MESSAGE);
  return target;
}
