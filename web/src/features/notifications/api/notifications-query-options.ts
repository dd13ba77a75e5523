import { queryOptions } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { NOTIFICATION_DROPDOWN_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** One page of notifications, newest first, with the total and the unread count. */
export function notificationsPageQueryOptions(offset: number, limit: number) {
  return queryOptions({
    queryKey: notificationKeys.page(offset, limit),
    queryFn: () => callApi(userContracts.getUserNotifications, { offset, limit }),
  });
}

/** Spec §9: the top bar's dropdown shows the latest 5 (offset 0, limit 5). */
export function latestNotificationsQueryOptions() {
  return notificationsPageQueryOptions(0, NOTIFICATION_DROPDOWN_SIZE);
}
