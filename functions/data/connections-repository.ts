import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { TableIndexName } from '../../shared/config/table';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { WEBSOCKET_LIMITS } from '../../shared/config/websocket-limits';
import { connectionKeys } from './keys';
import { isConditionFailure, nowIso, queryAllPages, queryPages, tableName } from './table';

/**
 * Realtime connections. Each is two items written and deleted together: one in its user's
 * partition (`CONN#<id>`, listed when publishing to the user, indexed on GSI1 by last activity for
 * the idle sweeper) and a lookup by connection id (API Gateway's later events carry only the id).
 * Both expire when API Gateway ends the connection at the latest.
 */
export interface ConnectionOwner {
  readonly connectionId: string;
  readonly frchId: number;
  readonly userId: number;
}

export interface ConnectionRecord extends ConnectionOwner {
  readonly connectedAt: string;
  readonly lastSeen: string;
}

const ACTIVITY_INDEX: TableIndexName = 'GSI1';

const connectionOwnerSchema = z.object({
  connectionId: z.string().min(1),
  frchId: z.number().int().positive(),
  userId: z.number().int().positive(),
});

const connectionItemSchema = connectionOwnerSchema.extend({
  connectedAt: z.string(),
  lastSeen: z.string(),
});

function toOwner({ connectionId, frchId, userId }: ConnectionOwner): ConnectionOwner {
  return { connectionId, frchId, userId };
}

export async function putConnection(owner: ConnectionOwner, now = clockNow()): Promise<ConnectionRecord> {
  const stamp = nowIso(now);
  const expiresAt = Math.floor(now.getTime() / 1000) + WEBSOCKET_LIMITS.maxConnectionSeconds;
  const record: ConnectionRecord = { ...toOwner(owner), connectedAt: stamp, lastSeen: stamp };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...connectionKeys.item(owner.frchId, owner.userId, owner.connectionId),
              ...connectionKeys.activity(stamp, owner.connectionId),
              entity: 'connection',
              ...record,
              createdAt: stamp,
              updatedAt: stamp,
              expiresAt,
            },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...connectionKeys.lookup(owner.connectionId), entity: 'lookup', ...toOwner(owner), createdAt: stamp, expiresAt },
          },
        },
      ],
    }),
  );
  return record;
}

/** The owner of a connection, from its lookup item; null once it is gone. */
export async function findConnection(connectionId: string): Promise<ConnectionOwner | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: connectionKeys.lookup(connectionId) }));
  if (!Item) return null;
  const parsed = connectionOwnerSchema.safeParse(Item);
  return parsed.success ? parsed.data : null;
}

/** Deletes both items; deleting a connection that is already gone is not an error. */
export async function deleteConnection(owner: ConnectionOwner): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: connectionKeys.item(owner.frchId, owner.userId, owner.connectionId) } },
        { Delete: { TableName: tableName(), Key: connectionKeys.lookup(owner.connectionId) } },
      ],
    }),
  );
}

/** Records activity on a connection; false when the connection is no longer stored. */
export async function touchConnection(owner: ConnectionOwner, now = clockNow()): Promise<boolean> {
  const stamp = nowIso(now);
  const { GSI1SK } = connectionKeys.activity(stamp, owner.connectionId);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKeys.item(owner.frchId, owner.userId, owner.connectionId),
        UpdateExpression: 'SET lastSeen = :now, GSI1SK = :activity, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': stamp, ':activity': GSI1SK },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function toRecords(items: readonly Record<string, unknown>[] | undefined): ConnectionRecord[] {
  return (items ?? []).flatMap((item) => {
    const parsed = connectionItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function listUserConnections(frchId: number, userId: number): Promise<ConnectionRecord[]> {
  const { PK, SK: prefix } = connectionKeys.item(frchId, userId, '');
  return toRecords(
    await queryAllPages({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
    }),
  );
}

/** Connections last seen before `cutoff`, oldest first, one page at a time. */
export async function* listIdleConnections(cutoff: Date): AsyncGenerator<ConnectionRecord> {
  const { GSI1PK, GSI1SK: bound } = connectionKeys.activity(nowIso(cutoff), '');
  const pages = queryPages({
    IndexName: ACTIVITY_INDEX,
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :bound',
    ExpressionAttributeValues: { ':pk': GSI1PK, ':bound': bound },
  });
  for await (const page of pages) yield* toRecords(page.items);
}
