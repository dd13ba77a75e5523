import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod';
import type { Notification } from '../../shared/contracts/user';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { notificationKeys, userKeys } from './keys';
import { isConditionFailure, queryAllPages, tableName } from './table';

/** Notifications are kept for 180 days (TTL). */
const RETENTION_SECONDS = 180 * 86_400;

const notificationItemSchema = z.object({
  id: z.string(),
  notify_type: z.string(),
  notified_message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});

function toNotification(raw: Record<string, unknown>): Notification {
  const item = notificationItemSchema.parse(raw);
  return { id: item.id, notify_type: item.notify_type, notified_message: item.notified_message, isRead: item.isRead, create_time: item.createdAt };
}

export async function putNotification(
  frchId: number,
  userId: number,
  notification: { notifyType: string; message: string },
  now = clockNow(),
): Promise<Notification> {
  const id = ulid(now.getTime());
  const item = {
    ...notificationKeys.item(frchId, userId, id),
    entity: 'notification',
    id,
    notify_type: notification.notifyType,
    notified_message: notification.message,
    isRead: false,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
  return toNotification(item);
}

async function queryAll(frchId: number, userId: number, onlyUnread: boolean): Promise<Notification[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ...(onlyUnread ? { FilterExpression: 'isRead = :false' } : {}),
    ExpressionAttributeValues: {
      ':pk': userKeys.partition(frchId, userId),
      ':prefix': notificationKeys.prefix,
      ...(onlyUnread ? { ':false': false } : {}),
    },
    ScanIndexForward: false,
  });
  return items.map(toNotification);
}

/** Newest first, offset/limit over the user's (at most 180 days of) notifications, with counts. */
export async function listNotifications(
  frchId: number,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ items: Notification[]; total: number; unreadCount: number }> {
  const all = await queryAll(frchId, userId, false);
  return {
    items: all.slice(page.offset, page.offset + page.limit),
    total: all.length,
    unreadCount: all.filter((n) => !n.isRead).length,
  };
}

export async function countUnreadNotifications(frchId: number, userId: number): Promise<number> {
  return (await queryAll(frchId, userId, true)).length;
}

/** Marks the user's notifications read; ids that are not the user's (or do not exist) change nothing. */
export async function markNotificationsRead(frchId: number, userId: number, ids: readonly string[] | 'all'): Promise<void> {
  const targets = ids === 'all' ? (await queryAll(frchId, userId, true)).map((n) => n.id) : ids;
  await Promise.all(
    targets.map(async (id) => {
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: notificationKeys.item(frchId, userId, id),
            UpdateExpression: 'SET isRead = :true',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':true': true },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}
