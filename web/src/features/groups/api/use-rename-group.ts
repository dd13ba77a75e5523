import { useMutation } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useStoreGroup } from './group-cache';

/** Renames a group (POST /users/groups/updategroupname). */
export function useRenameGroup() {
  const storeGroup = useStoreGroup();
  return useMutation({
    mutationFn: ({ grpId, name }: { grpId: string; name: string }) => callApi(groupsContracts.updateGroupName, { group_id: grpId, grp_name: name }),
    onSuccess: storeGroup,
  });
}
