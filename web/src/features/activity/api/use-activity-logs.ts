import { useInfiniteQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { callApi } from '@/lib/api-client';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import { activityKeys } from './activity-keys';

export const ACTIVITY_PAGE_SIZE = 50;

/** The activity log of a date range, newest first, page by page ("Load more" follows the cursor). */
export function useActivityLogs(range: PayloadDateRange) {
  return useInfiniteQuery({
    queryKey: activityKeys.logs(range),
    queryFn: ({ pageParam }) =>
      callApi(userContracts.getUserActivities, { ...range, limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}
