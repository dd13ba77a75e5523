import { useQuery } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/**
 * One group with its master and counters (POST /users/groups/getgroupbyid); the group page reads it
 * again at its orders' pace, since the counters move as the orders fill.
 */
export function useGroup(grpId: string, refetchInterval: (() => number) | false = false) {
  return useQuery({
    queryKey: groupKeys.detail(grpId),
    queryFn: () => callApi(groupsContracts.getGroupById, { group_id: grpId }),
    refetchInterval: refetchInterval === false ? false : () => refetchInterval(),
    refetchIntervalInBackground: false,
  });
}
