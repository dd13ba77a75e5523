import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

interface MarkReadRequest {
  /** The notifications to mark read; omit and set `all` to mark every one. */
  ids?: readonly string[];
  all?: boolean;
  /** The page to answer with after marking (defaults to the first page of `limit`). */
  offset: number;
  limit: number;
}

/**
 * Marks notifications read (getusernotifications with `mark_read_ids` or `mark_all_read`). The answer is
 * the fresh page, which replaces that page in the cache; every other notifications query refetches.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, all, offset, limit }: MarkReadRequest) =>
      callApi(userContracts.getUserNotifications, {
        offset,
        limit,
        ...(ids ? { mark_read_ids: [...ids] } : {}),
        ...(all ? { mark_all_read: true } : {}),
      }),
    onSuccess: (page, { offset, limit }) => {
      const pageKey = notificationKeys.page(offset, limit);
      queryClient.setQueryData(pageKey, page);
      void queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(pageKey),
      });
    },
  });
}
