import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod';
import type { Activity } from '../../shared/contracts/user';
import { dynamo } from '../platform/clients';
import { activityKeys, userKeys } from './keys';
import { decodeCursor, encodeCursor } from './cursor';
import { tableName } from './table';

/** Activity entries are kept for 400 days (TTL), beyond any range the screens offer. */
const RETENTION_SECONDS = 400 * 86_400;

export interface ActivityEntry {
  readonly frchId: number;
  readonly userId: number;
  readonly action: string;
  readonly operation: string;
  readonly ip: string;
  readonly userAgent: string;
}

const activityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  operation: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  createdAt: z.string(),
});

export async function recordActivity(entry: ActivityEntry, now = new Date()): Promise<void> {
  const id = ulid(now.getTime());
  const at = now.toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...activityKeys.item(entry.frchId, entry.userId, at, id),
        entity: 'activity',
        id,
        action: entry.action,
        operation: entry.operation,
        ip: entry.ip,
        user_agent: entry.userAgent.slice(0, 256),
        createdAt: at,
        expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
    }),
  );
}

/** Activities between two instants (inclusive), newest first, one page at a time. */
export async function listActivities(
  frchId: number,
  userId: number,
  range: { fromIso: string; toIso: string },
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: Activity[]; nextCursor: string | null }> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': userKeys.partition(frchId, userId),
        ':from': `${activityKeys.prefix}${range.fromIso}`,
        ':to': `${activityKeys.prefix}${range.toIso}~`,
      },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, userKeys.partition(frchId, userId)),
    }),
  );
  const items = (answer.Items ?? []).map((raw) => {
    const item = activityItemSchema.parse(raw);
    return { id: item.id, action: item.action, operation: item.operation, ip: item.ip, user_agent: item.user_agent, create_time: item.createdAt };
  });
  return { items, nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}
