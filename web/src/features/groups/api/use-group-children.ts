import { useQuery } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/** The group's child accounts in the order added, each with its live status (POST /users/groups/getgroupbrokers). */
export function useGroupChildren(grpId: string) {
  return useQuery({
    queryKey: groupKeys.children(grpId),
    queryFn: () => callApi(groupsContracts.getGroupBrokers, { group_id: grpId }),
  });
}
