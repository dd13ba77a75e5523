import { GROUP_ORDER_COUNTERS, groupOrderCountersSchema, type GroupOrderCounters, type GroupOrderInfo } from '../../../shared/contracts/groups';
import { listGroups, type GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { loadOwnedGroup } from './owned-group';

function sumOfCounters(groups: readonly GroupItem[]): GroupOrderCounters {
  const sums = groupOrderCountersSchema.parse(Object.fromEntries(GROUP_ORDER_COUNTERS.map((counter) => [counter, 0])));
  for (const group of groups) for (const counter of GROUP_ORDER_COUNTERS) sums[counter] += group[counter];
  return sums;
}

/** The order counters of one of the caller's groups, or summed over all of them. */
export async function orderInfo(owner: GroupOwner, grpId: string | undefined): Promise<GroupOrderInfo> {
  const groups = grpId === undefined ? await listGroups(owner) : [await loadOwnedGroup(owner, grpId)];
  return { grp_id: grpId ?? null, group_count: groups.length, ...sumOfCounters(groups) };
}
