import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { nowIso, tableName } from '../table';
import { subUserLoginKeys } from './sub-user-login-keys';

interface Parent {
  readonly frchId: number;
  readonly userId: number;
}

const pendingLoginSchema = z.object({ sub_user_id: z.number().int(), expiresAt: z.number().int() });

/**
 * Remembers, in the parent's partition, that the parent started a broker's login redirect for its sub-user's
 * account: the redirect ends in the parent's browser, which names only the account (`completebrokerlogin`).
 */
export async function rememberSubUserLogin(parent: Parent, accountId: string, subUserId: number, expiresAt: Date, now = clockNow()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...subUserLoginKeys.item(parent.frchId, parent.userId, accountId),
        entity: 'sub-user-login',
        sub_user_id: subUserId,
        expiresAt: Math.floor(expiresAt.getTime() / 1000),
        createdAt: nowIso(now),
      },
    }),
  );
}

/** The sub-user whose account's login the parent started, while that start is recent; null otherwise. */
export async function findSubUserLogin(parent: Parent, accountId: string, now = clockNow()): Promise<number | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: subUserLoginKeys.item(parent.frchId, parent.userId, accountId) }));
  if (!Item) return null;
  const pending = pendingLoginSchema.parse(Item);
  // TTL deletion runs late: an expired entry is ignored here.
  return pending.expiresAt * 1000 > now.getTime() ? pending.sub_user_id : null;
}
