import { GROUP_BROKER_NOT_FOUND_MESSAGE, GROUP_CHANGED_MESSAGE, GROUP_NOT_FOUND_MESSAGE } from '../../../shared/contracts/groups';
import { getGroup, getGroupAndChildren, type GroupItem } from '../../data/groups/group';
import { getGroupChild, type GroupChildItem } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { ConflictError, NotFoundError } from '../../platform/errors';

/** The caller's group by id; another user's (or a missing) id is 404, so nobody learns it exists. */
export async function loadOwnedGroup(owner: GroupOwner, grpId: string): Promise<GroupItem> {
  const group = await getGroup(owner, grpId);
  if (!group) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  return group;
}

/** As `loadOwnedGroup`, with the children its counters were summed over (the group's children are read once). */
export async function loadOwnedGroupAndChildren(owner: GroupOwner, grpId: string): Promise<{ readonly group: GroupItem; readonly children: GroupChildItem[] }> {
  const found = await getGroupAndChildren(owner, grpId);
  if (!found) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  return found;
}

/** A child of the caller's group; 404 for another user's group or child, or a child of another group. */
export async function loadOwnedChild(owner: GroupOwner, grpId: string, grpBrokerId: string): Promise<GroupChildItem> {
  const child = await getGroupChild(owner, grpId, grpBrokerId);
  if (!child) throw new NotFoundError(GROUP_BROKER_NOT_FOUND_MESSAGE);
  return child;
}

/** A conditional write failed for a reason a fresh read no longer shows: a concurrent request got there first. */
export function groupChanged(): ConflictError {
  return new ConflictError(GROUP_CHANGED_MESSAGE);
}
