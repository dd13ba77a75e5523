import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AGE_RANGES } from '../../shared/domain/ranges';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import { userKeys } from './keys';
import { isConditionFailure, nowIso, tableName } from './table';
import { userItemSchema, type UserItem } from './user-item';

type AgeRange = (typeof AGE_RANGES)[number];

/** The profile fields a user edits themselves; an absent optional field keeps its stored value. */
export interface ProfileChanges {
  readonly first_name: string;
  readonly last_name: string;
  readonly state: string;
  readonly city: string;
  readonly age_range?: AgeRange | undefined;
  readonly profile_image?: string | undefined;
}

/** Applies the changes to an existing user (never creates one) and answers the stored user. */
export async function updateProfile(frchId: number, userId: number, changes: ProfileChanges, now = clockNow()): Promise<UserItem> {
  const values: Record<string, unknown> = { ...changes, updatedAt: nowIso(now) };
  const assignments = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.profile(frchId, userId),
        UpdateExpression: `SET ${assignments.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(assignments.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(assignments.map((name) => [`:${name}`, values[name]])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return userItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('User not found');
    throw error;
  }
}
