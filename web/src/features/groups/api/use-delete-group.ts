import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsContracts, type Group } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/** Deletes a group and its children, not the accounts (POST /users/groups/deletegroup); refused while it has pending orders. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grpId: string) => callApi(groupsContracts.deleteGroup, { group_id: grpId }),
    onSuccess: async ({ grp_id: grpId }) => {
      queryClient.setQueryData<Group[]>(groupKeys.list(), (groups) => groups?.filter((group) => group.grp_id !== grpId));
      queryClient.removeQueries({ queryKey: groupKeys.scope(grpId) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.list() });
      await queryClient.invalidateQueries({ queryKey: groupKeys.names() });
    },
  });
}
