import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import { ConflictError } from '../platform/errors';
import { franchiseKeys, userKeys } from './keys';
import { isTransactionConflict, nowIso, tableName } from './table';
import { userItemSchema, type UserItem } from './user-item';

export async function getUser(frchId: number, userId: number): Promise<UserItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.profile(frchId, userId) }));
  return Item ? userItemSchema.parse(Item) : null;
}

async function lookupUserId(key: { PK: string; SK: string }): Promise<number | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }));
  return typeof Item?.user_id === 'number' ? Item.user_id : null;
}

export function findUserIdByEmail(frchId: number, email: string): Promise<number | null> {
  return lookupUserId(userKeys.emailLookup(frchId, email));
}

export function findUserIdByMobile(frchId: number, mobile: string): Promise<number | null> {
  return lookupUserId(userKeys.mobileLookup(frchId, mobile));
}

/** Allocates the next numeric user id of a franchise (atomic counter). */
async function nextUserId(frchId: number): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: franchiseKeys.counter(frchId, 'user'),
      UpdateExpression: 'ADD seq :one SET entity = :entity',
      ExpressionAttributeValues: { ':one': 1, ':entity': 'counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const seq = Attributes?.seq;
  if (typeof seq !== 'number') throw new Error('User id counter returned no value');
  return seq;
}

export type NewUser = Omit<UserItem, 'user_id' | 'entity' | 'createdAt' | 'updatedAt'>;

/** What a new account starts with: an active user with an empty profile, no credit and no roles. */
export const NEW_USER_DEFAULTS = {
  state: '',
  city: '',
  age_range: null,
  profile_image: null,
  profile_status: 'active',
  current_credit: 0,
  is_brokerpanel: false,
  is_white_label: false,
  can_add_subuser: false,
  is_ip_enable: false,
  tokens_valid_after: 0,
  parent_user_id: null,
} as const satisfies Partial<NewUser>;

/** Writes the user with its email and mobile lookups in one transaction; a taken email or mobile → 409. */
export async function createUser(user: NewUser, now = new Date()): Promise<UserItem> {
  const userId = await nextUserId(user.frch_id);
  const stamp = nowIso(now);
  const item: UserItem = { ...user, user_id: userId, entity: 'user', createdAt: stamp, updatedAt: stamp };
  const lookup = { entity: 'lookup', user_id: userId, createdAt: stamp };
  const unique = 'attribute_not_exists(PK)';
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...userKeys.profile(user.frch_id, userId), ...userKeys.franchiseListing(user.frch_id, userId), ...item },
              ConditionExpression: unique,
            },
          },
          { Put: { TableName: tableName(), Item: { ...userKeys.emailLookup(user.frch_id, user.email), ...lookup }, ConditionExpression: unique } },
          { Put: { TableName: tableName(), Item: { ...userKeys.mobileLookup(user.frch_id, user.mobile_no), ...lookup }, ConditionExpression: unique } },
        ],
      }),
    );
  } catch (error) {
    if (isTransactionConflict(error)) throw new ConflictError('An account with this email or mobile number already exists.');
    throw error;
  }
  return item;
}

export async function updatePasswordHash(frchId: number, userId: number, passwordHash: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.profile(frchId, userId),
      UpdateExpression: 'SET password_hash = :hash, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': nowIso(now) },
    }),
  );
}
