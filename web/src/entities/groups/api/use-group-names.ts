import { useQuery } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { groupKeys } from './group-keys';

/** Ids and names of the user's groups, for pickers and labels (GET /users/groups/getgroupnames). */
export function useGroupNames() {
  return useQuery({
    queryKey: groupKeys.names(),
    queryFn: () => callApi(groupsContracts.getGroupNames, {}),
  });
}
