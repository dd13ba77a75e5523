import type { SubUser } from '../../shared/contracts/subusers';
import { listAllListedUsers, setSubUserFlags, type FlagGuard, type SubUserFlagChanges } from '../data/sub-users/sub-users-repository';
import type { UserItem } from '../data/user-item';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { managedListing } from './list-sub-users';
import { findManagedSubUser, managesUser, SUB_USER_NOT_FOUND_MESSAGE } from './sub-user-scope';
import { defaultReferralBp, toSubUser } from './sub-user-view';

/** The flags a bulk call sets: one permission for many sub-users. */
export type BulkFlag = 'demat_allowed' | 'purchase_ip_allowed';

/** The write's condition: the sub-user still the caller's (a parent), or still there (the broker panel). */
function guardOf(principal: Principal): FlagGuard {
  return principal.roles.is_brokerpanel ? 'exists' : { parentId: principal.userId };
}

/** Changes one managed sub-user's flags (404 when the caller does not manage it, or stopped managing it meanwhile). */
export async function setOneSubUserFlags(principal: Principal, subUserId: number, changes: SubUserFlagChanges): Promise<{ sub_user: SubUser }> {
  await findManagedSubUser(principal, subUserId);
  const updated = await setSubUserFlags(principal.frchId, subUserId, changes, guardOf(principal));
  if (!updated) throw new NotFoundError(SUB_USER_NOT_FOUND_MESSAGE);
  return { sub_user: toSubUser(updated, await defaultReferralBp(principal.frchId)) };
}

/** How many writes run at once: enough for a few thousand sub-users, gentle on the table. */
const WRITES_AT_ONCE = 16;

async function inBatches<T>(items: readonly T[], write: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += WRITES_AT_ONCE) await Promise.all(items.slice(start, start + WRITES_AT_ONCE).map(write));
}

/** Every user the caller manages (the same relation as `managesUser`, read from its listing). */
async function allManaged(principal: Principal): Promise<UserItem[]> {
  return (await listAllListedUsers(principal.frchId, managedListing(principal))).filter((user) => managesUser(principal, user));
}

/**
 * Sets one permission for many sub-users: every one the caller manages (`all`), or the listed ones — each
 * checked by the hierarchy rule first; one the caller does not manage → 404 and nothing is changed.
 * Answers the ids changed (a sub-user that left the caller between the check and its write is skipped).
 */
export async function setManySubUserFlags(
  principal: Principal,
  request: { readonly sub_user_ids?: readonly number[] | undefined; readonly all?: true | undefined; readonly allowed: boolean },
  flag: BulkFlag,
): Promise<{ updated: number; user_ids: number[] }> {
  const ids = request.all
    ? (await allManaged(principal)).map((user) => user.user_id)
    : [...new Set(request.sub_user_ids ?? [])];
  if (!request.all) await inBatches(ids, (id) => findManagedSubUser(principal, id));
  const changed: number[] = [];
  await inBatches(ids, async (id) => {
    if (await setSubUserFlags(principal.frchId, id, { [flag]: request.allowed }, guardOf(principal))) changed.push(id);
  });
  changed.sort((a, b) => a - b);
  return { updated: changed.length, user_ids: changed };
}
