import { useMutation } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreChild } from './group-cache';

export interface NewChild {
  grpId: string;
  brokerId: string;
  multiplier: number;
}

/** Adds one of the user's connected accounts to the group with a multiplier (POST /users/groups/addgroupbroker). */
export function useAddChild() {
  const storeChild = useStoreChild();
  return useMutation({
    mutationFn: ({ grpId, brokerId, multiplier }: NewChild) =>
      callApi(groupsContracts.addGroupBroker, { group_id: grpId, broker_id: brokerId, multiplier }),
    onSuccess: storeChild,
  });
}
