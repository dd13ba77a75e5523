import { Loader, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { Notification } from '@shared/contracts/user';
import { paths } from '@/config/paths';
import { NotificationItem } from './notification-item';

interface NotificationsPanelProps {
  id: string;
  /** null while loading or after a failed fetch: spec §8 shows nothing about a failure. */
  notifications: readonly Notification[] | null;
  isLoading: boolean;
  onNavigate: () => void;
}

/** The open dropdown: the latest notifications (or the empty text) and a link to all of them. */
export function NotificationsPanel({ id, notifications, isLoading, onNavigate }: NotificationsPanelProps) {
  return (
    <section id={id} className="notifications-panel" aria-label="Latest notifications">
      <header className="notifications-panel__header">
        <Text as="h3" fontWeight="semibold" className="notifications-panel__title">
          Notifications
        </Text>
      </header>
      {isLoading ? <Loader className="notifications-panel__loader" /> : null}
      {notifications && notifications.length === 0 ? (
        <Text className="notifications-panel__empty" variation="secondary">
          No notifications available
        </Text>
      ) : null}
      {notifications && notifications.length > 0 ? (
        <ul className="notifications-panel__list">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      ) : null}
      <footer className="notifications-panel__footer">
        <Link to={paths.notifications} onClick={onNavigate}>
          View all notifications
        </Link>
      </footer>
    </section>
  );
}
