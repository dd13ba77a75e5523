import { useQuery } from '@tanstack/react-query';
import { groupOrderContracts } from '@shared/contracts/groups';
import { ACCOUNT_LIVE_REFRESH_MS } from '@/entities/broker-accounts/live-refresh';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

/**
 * Each child's positions as its broker reports them, and their net per script (POST
 * /users/broker/group/getpositions), read again as often as an account page reads its own.
 */
export function useGroupPositions(grpId: string) {
  return useQuery({
    queryKey: groupKeys.positions(grpId),
    queryFn: () => callApi(groupOrderContracts.getPositions, { group_id: grpId }),
    refetchInterval: ACCOUNT_LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
