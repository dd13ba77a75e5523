import { Alert, Button, Flex, Heading, Pagination, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { formatCount } from '@/lib/format/number';
import { useMarkNotificationsRead } from '../api/use-mark-notifications-read';
import { useNotificationsPage } from '../api/use-notifications-page';
import { NotificationItem } from '../components/notification-item';
import '../notifications.css';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const EMPTY_TEXT = 'No notifications available';

/** Every notification, newest first, a page at a time (offset/limit), with mark-read and mark-all-read. */
export function NotificationsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
  const notifications = useNotificationsPage(offset, NOTIFICATIONS_PAGE_SIZE);
  const markRead = useMarkNotificationsRead();
  const data = notifications.data;
  const totalPages = Math.max(1, Math.ceil((data?.total ?? 0) / NOTIFICATIONS_PAGE_SIZE));
  const unread = data?.unread_count ?? 0;

  const mark = (request: { ids?: string[]; all?: boolean }) =>
    markRead.mutate(
      { ...request, offset, limit: NOTIFICATIONS_PAGE_SIZE },
      { onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }) },
    );

  return (
    <Flex direction="column" gap="large" className="notifications-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Flex direction="column" gap="xxxs">
          <Heading level={2}>Notifications</Heading>
          {data ? (
            <Text variation="secondary" fontSize="small">
              {unread === 0 ? 'Everything is read.' : `${formatCount(unread)} unread`}
            </Text>
          ) : null}
        </Flex>
        <Button
          onClick={() => mark({ all: true })}
          isDisabled={unread === 0 || markRead.isPending}
          isLoading={markRead.isPending}
          loadingText="Marking…"
        >
          Mark all as read
        </Button>
      </Flex>
      {markRead.error ? (
        <Alert variation="error" role="alert">
          {markRead.error.message}
        </Alert>
      ) : null}
      {notifications.isPending ? <LoadingState label="Loading notifications…" /> : null}
      {notifications.isError ? (
        <ErrorState message={notifications.error.message} onRetry={() => void notifications.refetch()} />
      ) : null}
      {data && data.items.length === 0 ? <Text variation="secondary">{EMPTY_TEXT}</Text> : null}
      {data && data.items.length > 0 ? (
        <ul className="notification-list" aria-label="Notifications">
          {data.items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onMarkRead={(id) => mark({ ids: [id] })}
              isDisabled={markRead.isPending}
            />
          ))}
        </ul>
      ) : null}
      {totalPages > 1 ? (
        <Pagination
          currentPage={page}
          totalPages={totalPages}
          onNext={() => setPage((current) => Math.min(totalPages, current + 1))}
          onPrevious={() => setPage((current) => Math.max(1, current - 1))}
          onChange={(next) => setPage(next ?? 1)}
        />
      ) : null}
    </Flex>
  );
}
