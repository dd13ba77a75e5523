import { Text } from '@aws-amplify/ui-react';
import type { Notification } from '../../../../../shared/contracts/user';
import { SvgIcon } from '../../../components/svg-icon';
import { formatDateTime } from '../../../lib/format/date-time';
import { notificationKind } from './notification-kinds';

export function NotificationItem({ notification }: { notification: Notification }) {
  const kind = notificationKind(notification.notify_type);
  return (
    <li className="notification-item" data-unread={!notification.isRead}>
      <span className="notification-item__icon" data-tone={kind.tone}>
        <SvgIcon path={kind.icon} label={kind.label} />
      </span>
      <span className="notification-item__body">
        <Text as="span" className="notification-item__message">
          {notification.notified_message}
        </Text>
        <Text as="span" variation="tertiary" fontSize="small">
          <time dateTime={notification.create_time}>{formatDateTime(notification.create_time)}</time>
        </Text>
      </span>
    </li>
  );
}
