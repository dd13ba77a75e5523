import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { userKeys } from '../keys';
import { nowIso, tableName, transactIfConditionsHold } from '../table';
import { passwordLinkKeys } from './password-link-keys';

const passwordLinkItemSchema = z.object({
  frch_id: z.number().int(),
  user_id: z.number().int(),
  /** Epoch seconds; also the table's TTL, so a forgotten link disappears on its own. */
  expiresAt: z.number().int(),
  used_at: z.string().optional(),
});
export type PasswordLinkItem = z.infer<typeof passwordLinkItemSchema>;

/** Stores a new single-use link for the user, by its token's digest. */
export async function storePasswordLink(tokenDigestHex: string, owner: { frchId: number; userId: number }, expiresAt: Date, now = clockNow()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...passwordLinkKeys.item(tokenDigestHex),
        entity: 'password-link',
        frch_id: owner.frchId,
        user_id: owner.userId,
        expiresAt: Math.floor(expiresAt.getTime() / 1000),
        createdAt: nowIso(now),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getPasswordLink(tokenDigestHex: string): Promise<PasswordLinkItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: passwordLinkKeys.item(tokenDigestHex), ConsistentRead: true }));
  return Item ? passwordLinkItemSchema.parse(Item) : null;
}

/**
 * Sets the user's password and marks the link used in one transaction: only while the link is unused and
 * unexpired (TTL deletion runs late, so the expiry is checked here too) and the user still exists.
 * False when either condition failed (a second use racing the first, or a link that just expired).
 */
export async function usePasswordLink(tokenDigestHex: string, link: PasswordLinkItem, passwordHash: string, now = clockNow()): Promise<boolean> {
  const stamp = nowIso(now);
  return transactIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: passwordLinkKeys.item(tokenDigestHex),
        UpdateExpression: 'SET used_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(used_at) AND expiresAt > :nowSeconds',
        ExpressionAttributeValues: { ':now': stamp, ':nowSeconds': Math.floor(now.getTime() / 1000) },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: userKeys.profile(link.frch_id, link.user_id),
        UpdateExpression: 'SET password_hash = :hash, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':hash': passwordHash, ':now': stamp },
      },
    },
  ]);
}
