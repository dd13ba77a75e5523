import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { Notification } from '@shared/contracts/user';
import { formatDateTime } from '@/lib/format/date-time';
import { NotificationIcon } from './notification-icon';

interface NotificationItemProps {
  notification: Notification;
  onMarkRead: (id: string) => void;
  isDisabled: boolean;
}

/** One notification: its type's icon, what happened and when; unread ones stand out and can be marked read. */
export function NotificationItem({ notification, onMarkRead, isDisabled }: NotificationItemProps) {
  const isUnread = !notification.isRead;
  return (
    <li className="notification-item" data-read={notification.isRead}>
      <Flex gap="small" alignItems="flex-start">
        <NotificationIcon type={notification.notify_type} size={24} />
        <Flex direction="column" gap="xxxs" flex="1 1 auto" className="notification-item__body">
          <Text as="span" className="notification-item__type">
            {notification.notify_type}
            {isUnread ? (
              <Badge className="notification-item__unread" size="small" variation="info">
                Unread
              </Badge>
            ) : null}
          </Text>
          <Text as="span" className="notification-item__message">
            {notification.notified_message}
          </Text>
          <Text as="span" variation="secondary" fontSize="small">
            <time dateTime={notification.create_time}>{formatDateTime(notification.create_time)}</time>
          </Text>
        </Flex>
        {isUnread ? (
          <Button size="small" variation="link" onClick={() => onMarkRead(notification.id)} isDisabled={isDisabled}>
            Mark as read
          </Button>
        ) : null}
      </Flex>
    </li>
  );
}
