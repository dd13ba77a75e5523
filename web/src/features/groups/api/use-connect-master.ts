import { useMutation } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreGroup } from './group-cache';

/** Makes one of the user's connected accounts the group's master (POST /users/groups/connectmaster). */
export function useConnectMaster() {
  const storeGroup = useStoreGroup();
  return useMutation({
    mutationFn: ({ grpId, brokerId }: { grpId: string; brokerId: string }) => callApi(groupsContracts.connectMaster, { group_id: grpId, broker_id: brokerId }),
    onSuccess: storeGroup,
  });
}
