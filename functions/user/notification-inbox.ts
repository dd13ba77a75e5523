import type { RequestOf } from '../../shared/contracts/define-call';
import type { Notification, userContracts } from '../../shared/contracts/user';
import { listNotifications, markNotificationsRead } from '../data/notifications-repository';
import type { Principal } from '../platform/http/principal';

export type InboxRequest = RequestOf<typeof userContracts.getUserNotifications>;

/**
 * Marks the given notifications (or all) read, then answers a page with the counts. Ids are looked
 * up in the caller's own partition only, so another user's ids change nothing.
 */
export async function readNotificationInbox(
  owner: Principal,
  request: InboxRequest,
): Promise<{ items: Notification[]; total: number; unread_count: number }> {
  const toMark = request.mark_all_read ? 'all' : [...new Set(request.mark_read_ids ?? [])];
  if (toMark === 'all' || toMark.length > 0) await markNotificationsRead(owner.frchId, owner.userId, toMark);
  const page = await listNotifications(owner.frchId, owner.userId, { offset: request.offset, limit: request.limit });
  return { items: page.items, total: page.total, unread_count: page.unreadCount };
}
