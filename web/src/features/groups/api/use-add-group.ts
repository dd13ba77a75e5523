import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsContracts, type Group } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/** Creates a group with no accounts and trading off (POST /users/groups/addgroup); it joins the end of the list. */
export function useAddGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(groupsContracts.addGroup, { grp_name: name }),
    onSuccess: async (group) => {
      queryClient.setQueryData<Group[]>(groupKeys.list(), (groups) => groups && [...groups, group]);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
