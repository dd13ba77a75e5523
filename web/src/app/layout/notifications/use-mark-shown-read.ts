import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@shared/contracts/user';
import { NOTIFICATION_DROPDOWN_SIZE } from '@shared/domain/constants';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { useMarkNotificationsRead } from '@/features/notifications/api/use-mark-notifications-read';

/** Marks the unread ones among the shown notifications read; the dashboard's unread figure follows. */
export function useMarkShownRead(): (shown: readonly Notification[]) => void {
  const markRead = useMarkNotificationsRead();
  const queryClient = useQueryClient();
  return (shown) => {
    const unreadIds = shown.filter((notification) => !notification.isRead).map((notification) => notification.id);
    if (unreadIds.length === 0) return;
    markRead.mutate(
      { ids: unreadIds, offset: 0, limit: NOTIFICATION_DROPDOWN_SIZE },
      { onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }) },
    );
  };
}
