import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { queryOwnerPrefix, type GroupOwner } from '../groups/group-keys';
import { queryAllPages, tableName, writeIfConditionHolds } from '../table';
import { strategyAccessKeys } from './strategy-access-keys';

/**
 * Records that a group of `owner` is (or once was) a strategy, so viewers of the franchise can find its
 * owner by group id. Idempotent; the entry is never removed: whether the group is a strategy *now* is
 * always read from the group item itself.
 */
export async function putStrategyDirectoryEntry(owner: GroupOwner, grpId: string, now = clockNow()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...strategyAccessKeys.directory(owner.frchId, grpId), entity: 'strategy-directory', owner_user_id: owner.userId, grp_id: grpId, updatedAt: now.toISOString() },
    }),
  );
}

/** The owner of a strategy of the franchise named by its group id, or null when the franchise has none by that id. */
export async function findStrategyOwner(frchId: number, grpId: string): Promise<GroupOwner | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: strategyAccessKeys.directory(frchId, grpId) }));
  return Item && typeof Item.owner_user_id === 'number' ? { frchId, userId: Item.owner_user_id } : null;
}

/** Every strategy entry of the franchise's directory: group id and owner (whether each is a strategy now is read from its group). */
export async function listStrategyDirectory(frchId: number): Promise<{ grpId: string; owner: GroupOwner }[]> {
  const items = await queryAllPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': strategyAccessKeys.directory(frchId, '').PK } });
  return items.map((item) => ({ grpId: String(item.grp_id), owner: { frchId, userId: Number(item.owner_user_id) } }));
}

/** Whether the owner has permitted `userId` to view its PRIVATE strategy `grpId`. */
export async function hasStrategyPermission(owner: GroupOwner, grpId: string, userId: number): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: strategyAccessKeys.permission(owner.frchId, owner.userId, grpId, userId), ProjectionExpression: 'PK' }),
  );
  return Item !== undefined;
}

/** Grants permission; false when it was already granted (the conditional write kept the first grant). */
export function grantStrategyPermission(owner: GroupOwner, grpId: string, user: { userId: number; email: string }, now = clockNow()): Promise<boolean> {
  return writeIfConditionHolds(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...strategyAccessKeys.permission(owner.frchId, owner.userId, grpId, user.userId),
          entity: 'strategy-permission',
          grp_id: grpId,
          user_id: user.userId,
          email: user.email,
          createdAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** Revokes permission; false when there was none to revoke. */
export function revokeStrategyPermission(owner: GroupOwner, grpId: string, userId: number): Promise<boolean> {
  return writeIfConditionHolds(() =>
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: strategyAccessKeys.permission(owner.frchId, owner.userId, grpId, userId),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/** The user ids the owner has permitted to view strategy `grpId`. */
export async function listStrategyPermissionUserIds(owner: GroupOwner, grpId: string): Promise<number[]> {
  const items = await queryOwnerPrefix(owner, strategyAccessKeys.permissionsPrefix(grpId));
  return items.map((item) => Number(item.user_id));
}
