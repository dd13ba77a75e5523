import { useQuery } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/** The user's groups, oldest first, with masters and counters (GET /users/groups/getgroups). */
export function useGroups() {
  return useQuery({
    queryKey: groupKeys.list(),
    queryFn: () => callApi(groupsContracts.getGroups, {}),
  });
}
