import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { readNotificationInbox } from './notification-inbox';

export const getUserNotificationsRoute = defineRoute(userContracts.getUserNotifications, async ({ body, principal }) => {
  const inbox = await readNotificationInbox(principal, body);
  return { data: inbox, message: 'Notifications fetched' };
});
