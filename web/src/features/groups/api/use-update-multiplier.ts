import { useMutation } from '@tanstack/react-query';
import { groupsContracts, type GroupBroker } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreChild } from './group-cache';

/** Changes a child's quantity multiplier for the group's next orders (POST /users/groups/updategroupbroker). */
export function useUpdateMultiplier() {
  const storeChild = useStoreChild();
  return useMutation({
    mutationFn: ({ child, multiplier }: { child: GroupBroker; multiplier: number }) =>
      callApi(groupsContracts.updateGroupBroker, { group_id: child.grp_id, grp_broker_id: child.grp_broker_id, multiplier }),
    onSuccess: storeChild,
  });
}
