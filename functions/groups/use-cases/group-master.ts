import { CHILD_CANNOT_BE_MASTER_MESSAGE } from '../../../shared/contracts/groups';
import { clearGroupMaster, setGroupMaster, type GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { BusinessRuleError } from '../../platform/errors';
import { loadConnectedAccount } from './group-accounts';
import { groupChanged, loadOwnedGroup } from './owned-group';

/**
 * Master mirroring as stored state: the group names one of the caller's connected accounts as its
 * master, or none. Mirroring the master's orders to the children reads this (issue 5, part 2).
 */
export async function connectMaster(owner: GroupOwner, grpId: string, accountId: string): Promise<GroupItem> {
  const group = await loadOwnedGroup(owner, grpId);
  await loadConnectedAccount(owner, accountId);
  if (Object.hasOwn(group.child_accounts, accountId)) throw new BusinessRuleError(CHILD_CANNOT_BE_MASTER_MESSAGE);
  const updated = await setGroupMaster(owner, grpId, accountId);
  if (updated) return updated;
  // The write re-checks both conditions; a fresh read tells which one a concurrent request changed.
  const now = await loadOwnedGroup(owner, grpId);
  if (Object.hasOwn(now.child_accounts, accountId)) throw new BusinessRuleError(CHILD_CANNOT_BE_MASTER_MESSAGE);
  throw groupChanged();
}

export async function disconnectMaster(owner: GroupOwner, grpId: string): Promise<GroupItem> {
  await loadOwnedGroup(owner, grpId);
  const updated = await clearGroupMaster(owner, grpId);
  if (updated) return updated;
  await loadOwnedGroup(owner, grpId);
  throw groupChanged();
}
