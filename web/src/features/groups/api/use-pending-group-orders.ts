import { useInfiniteQuery } from '@tanstack/react-query';
import { groupOrderContracts } from '@shared/contracts/groups';
import { ACCOUNT_LIVE_REFRESH_MS } from '@/entities/broker-accounts/live-refresh';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';

export const PENDING_PAGE_SIZE = 50;

/**
 * The user's pending group orders, of one group or all, newest first (POST
 * /users/groups/getgrouppendingorders), page by page, read again while the page is visible: a pending
 * order may fill or be cancelled at the broker at any moment.
 */
export function usePendingGroupOrders(grpId?: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.pending(grpId),
    queryFn: ({ pageParam }) =>
      callApi(groupOrderContracts.getGroupPendingOrders, {
        limit: PENDING_PAGE_SIZE,
        ...(grpId ? { group_id: grpId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    refetchInterval: ACCOUNT_LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
