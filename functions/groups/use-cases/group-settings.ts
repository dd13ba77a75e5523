import { ulid } from 'ulid';
import { GROUP_NOT_FOUND_MESSAGE } from '../../../shared/contracts/groups';
import { createGroup, updateGroupSettings, type GroupItem, type GroupSettings, type NewGroup } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { putStrategyDirectoryEntry } from '../../data/strategies/strategy-access-repository';
import { now as clockNow } from '../../platform/clock';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Principal } from '../../platform/http/principal';
import { loadOwnedGroup } from './owned-group';

export const STRATEGY_NEEDS_BROKER_PANEL_MESSAGE = 'Only a broker panel can offer a group as a strategy.';

/** A new group: a fresh id, no children, no master, every counter at zero. */
export function addGroup(owner: GroupOwner, fields: Omit<NewGroup, 'grp_id'>, now = clockNow()): Promise<GroupItem> {
  return createGroup(owner, { ...fields, grp_id: ulid(now.getTime()) }, now);
}

/** Changes plain settings of one of the caller's groups (404 for another user's). */
export async function changeGroupSettings(owner: GroupOwner, grpId: string, settings: GroupSettings): Promise<GroupItem> {
  const updated = await updateGroupSettings(owner, grpId, settings);
  // The update's only condition is that the group exists in the caller's partition.
  if (!updated) throw new NotFoundError(GROUP_NOT_FOUND_MESSAGE);
  return updated;
}

/**
 * Strategy settings. Ownership is checked first, so another user's group is 404 for everyone; only
 * then is a caller who is not a broker panel refused (403), as group strategies are theirs (DESIGN.md §5).
 */
export async function changeStrategySettings(
  principal: Principal,
  grpId: string,
  settings: Required<Pick<GroupSettings, 'is_strategy' | 'visibility' | 'strategy_description'>>,
): Promise<GroupItem> {
  await loadOwnedGroup(principal, grpId);
  if (!principal.roles.is_brokerpanel) throw new ForbiddenError(STRATEGY_NEEDS_BROKER_PANEL_MESSAGE);
  // The franchise's strategy directory names the owner, so viewers find the strategy by group id alone
  // (functions/group-strategies/strategy-access.ts). Written first: an entry for a group that is not (yet)
  // a strategy is harmless, as viewers check `is_strategy` on the group itself.
  if (settings.is_strategy) await putStrategyDirectoryEntry(principal, grpId);
  return changeGroupSettings(principal, grpId, settings);
}
