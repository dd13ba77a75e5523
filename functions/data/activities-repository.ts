import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod';
import type { Activity } from '../../shared/contracts/user';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { BadRequestError } from '../platform/errors';
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

export async function recordActivity(entry: ActivityEntry, now = clockNow()): Promise<void> {
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

export interface TimeRange {
  readonly fromIso: string;
  readonly toIso: string;
}

export interface PageRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
}

/**
 * One page of the items of a partition whose sort keys are `<prefix><ISO time>#<id>`, between two
 * instants (inclusive), newest first. The cursor must point into this partition and this range.
 * Shared by the activity log and the wallet ledger.
 */
export async function queryTimeRangePage(
  partition: string,
  prefix: string,
  range: TimeRange,
  page: PageRequest,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const from = `${prefix}${range.fromIso}`;
  const to = `${prefix}${range.toIso}~`;
  const startKey = decodeCursor(page.cursor, partition);
  if (startKey && !(typeof startKey.SK === 'string' && startKey.SK >= from && startKey.SK <= to)) {
    throw new BadRequestError('Invalid page cursor');
  }
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition, ':from': from, ':to': to },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: answer.Items ?? [], nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

/** Activities between two instants (inclusive), newest first, one page at a time. */
export async function listActivities(
  frchId: number,
  userId: number,
  range: TimeRange,
  page: PageRequest,
): Promise<{ items: Activity[]; nextCursor: string | null }> {
  const answer = await queryTimeRangePage(userKeys.partition(frchId, userId), activityKeys.prefix, range, page);
  const items = answer.items.map((raw) => {
    const item = activityItemSchema.parse(raw);
    return { id: item.id, action: item.action, operation: item.operation, ip: item.ip, user_agent: item.user_agent, create_time: item.createdAt };
  });
  return { items, nextCursor: answer.nextCursor };
}
