import { Text } from '@aws-amplify/ui-react';
import type { Notification } from '@shared/contracts/user';
import { SvgIcon } from '@/components/svg-icon';
import { GENERIC_NOTIFICATION_ICON, notificationIconFor } from '@/features/notifications/components/notification-icon';
import { formatDateTime } from '@/lib/format/date-time';

/** One row of the dropdown: the type's icon (named after the type, as no other text shows it), message and time. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const icon = notificationIconFor(notification.notify_type);
  const isGeneric = icon === GENERIC_NOTIFICATION_ICON;
  return (
    <li className="notifications-panel__item" data-unread={!notification.isRead}>
      <span className="notifications-panel__icon" data-tone={icon.tone} data-icon={isGeneric ? 'generic' : notification.notify_type}>
        <SvgIcon path={icon.path} label={notification.notify_type} />
      </span>
      <span className="notifications-panel__body">
        <Text as="span" className="notifications-panel__message">
          {notification.notified_message}
        </Text>
        <Text as="span" variation="tertiary" fontSize="small">
          <time dateTime={notification.create_time}>{formatDateTime(notification.create_time)}</time>
        </Text>
      </span>
    </li>
  );
}
