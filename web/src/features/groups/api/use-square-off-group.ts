import { useMutation } from '@tanstack/react-query';
import { groupOrderContracts } from '@shared/contracts/groups';
import { callApi } from '@/lib/api-client';
import { useRefreshAfterGroupOrder } from './use-refresh-after-group-order';

/** Closes every child's open positions in the group's scripts (POST /users/broker/group/squareoffall). */
export function useSquareOffGroup() {
  const refresh = useRefreshAfterGroupOrder();
  return useMutation({
    mutationFn: (grpId: string) => callApi(groupOrderContracts.squareOffAll, { group_id: grpId }),
    onSettled: refresh,
  });
}
