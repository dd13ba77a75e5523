import type { Notification } from '../../shared/contracts/user';
import { putNotification } from '../data/notifications-repository';
import type { Logger } from '../platform/logger';
import { publishToUser } from './realtime-publisher';

/**
 * Stores a notification for the user and pushes it to their open realtime connections. The stored
 * item is the record; a failed push is only logged (the SPA also reads the list).
 */
export async function notifyUser(
  frchId: number,
  userId: number,
  notification: { notifyType: string; message: string },
  log: Logger,
): Promise<Notification> {
  const stored = await putNotification(frchId, userId, notification);
  try {
    await publishToUser(frchId, userId, { type: 'notification', ...stored });
  } catch (error) {
    log.warn('notification not pushed', { error });
  }
  return stored;
}
