import { useMutation } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreGroup } from './group-cache';

/** Stops mirroring the master's orders: the group has no master afterwards (POST /users/groups/disconnectmaster). */
export function useDisconnectMaster() {
  const storeGroup = useStoreGroup();
  return useMutation({
    mutationFn: (grpId: string) => callApi(groupsContracts.disconnectMaster, { group_id: grpId }),
    onSuccess: storeGroup,
  });
}
