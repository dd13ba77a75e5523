import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsContracts, type GroupBroker } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/** Removes a child from the group; the account itself stays (POST /users/groups/removegroupbroker). */
export function useRemoveChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (child: GroupBroker) => callApi(groupsContracts.removeGroupBroker, { group_id: child.grp_id, grp_broker_id: child.grp_broker_id }),
    onSuccess: async ({ grp_broker_id: removed }, child) => {
      queryClient.setQueryData<GroupBroker[]>(groupKeys.children(child.grp_id), (children) => children?.filter((existing) => existing.grp_broker_id !== removed));
      await queryClient.invalidateQueries({ queryKey: groupKeys.scope(child.grp_id) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
