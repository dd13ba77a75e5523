import { useQuery } from '@tanstack/react-query';
import { latestNotificationsQueryOptions } from './notifications-query-options';

export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions());
}
