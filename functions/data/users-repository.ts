import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { ConflictError } from '../platform/errors';
import { franchiseKeys, referralKeys, userKeys, type ItemKey } from './keys';
import { generateReferralCode } from './referrals-repository';
import { nowIso, tableName, type TransactItem } from './table';
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

/** How a person names their account: by email or by mobile number (exactly one is given). */
export interface LoginName {
  readonly email?: string | undefined;
  readonly mobile_no?: string | undefined;
}

export function findUserIdByLoginName(frchId: number, name: LoginName): Promise<number | null> {
  return name.email ? findUserIdByEmail(frchId, name.email) : findUserIdByMobile(frchId, name.mobile_no ?? '');
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

/** A new user carries no balance: the wallet writes it with the first movement (data/wallet/stored-balance.ts). */
export type NewUser = Omit<UserItem, 'user_id' | 'entity' | 'createdAt' | 'updatedAt' | 'current_credit'>;

/** What a new account starts with: an active user with an empty profile, no credit and no roles. */
export const NEW_USER_DEFAULTS = {
  state: '',
  city: '',
  age_range: null,
  profile_image: null,
  profile_status: 'active',
  is_brokerpanel: false,
  is_white_label: false,
  can_add_subuser: false,
  is_ip_enable: false,
  tokens_valid_after: 0,
  parent_user_id: null,
} as const satisfies Partial<NewUser>;

export const ACCOUNT_EXISTS_MESSAGE = 'An account with these details already exists.';

/** Positions of the transaction items whose condition failed, or null for any other error. */
function failedConditions(error: unknown): number[] | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  return (error.CancellationReasons ?? []).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

const UNIQUE = 'attribute_not_exists(PK)';
const EXISTS = 'attribute_exists(PK)';
const REFERRAL_CODE_TRIES = 5;

export type CreateUserOutcome =
  | { readonly kind: 'created'; readonly user: UserItem; readonly referralCode: string }
  | { readonly kind: 'taken'; readonly fields: readonly ContactField[] }
  | { readonly kind: 'referrer-missing' };

/** How a new user is written: its referrer, and index attributes another area keys it by (e.g. a sub-user's parent listing). */
export interface NewUserOptions {
  readonly referredBy?: number | null;
  readonly indexAttributes?: (userId: number) => Readonly<Record<string, string>>;
  /** Items written in the same transaction, after the user's own (no condition of theirs may fail; e.g. a parent's count). */
  readonly alongside?: readonly TransactItem[];
}

type WriteOutcome = CreateUserOutcome | { readonly kind: 'code-taken' };

async function writeNewUser(item: UserItem, referralCode: string, options: NewUserOptions): Promise<WriteOutcome> {
  const referredBy = options.referredBy ?? null;
  const frchId = item.frch_id;
  const lookup = { entity: 'lookup', user_id: item.user_id, createdAt: item.createdAt };
  const put = (key: ItemKey, attributes: Record<string, unknown>) => ({
    Put: { TableName: tableName(), Item: { ...key, ...attributes }, ConditionExpression: UNIQUE },
  });
  // The balance is the wallet's to write (a new user's is 0 until its first movement).
  const { current_credit: _noBalanceYet, ...stored } = item;
  const profile = {
    ...userKeys.franchiseListing(frchId, item.user_id),
    ...(referredBy === null ? {} : referralKeys.referredBy(frchId, referredBy, item.user_id)),
    ...options.indexAttributes?.(item.user_id),
    ...stored,
    referral_code: referralCode,
    referred_by: referredBy,
  };
  const referrerExists = referredBy === null
    ? []
    : [{ ConditionCheck: { TableName: tableName(), Key: userKeys.profile(frchId, referredBy), ConditionExpression: EXISTS } }];
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          put(userKeys.profile(frchId, item.user_id), profile),
          put(userKeys.emailLookup(frchId, item.email), lookup),
          put(userKeys.mobileLookup(frchId, item.mobile_no), lookup),
          put(referralKeys.codeLookup(frchId, referralCode), lookup),
          ...referrerExists,
          ...(options.alongside ?? []),
        ],
      }),
    );
    return { kind: 'created', user: item, referralCode };
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed?.length) throw error;
    const taken = [...(failed.includes(1) ? ['email' as const] : []), ...(failed.includes(2) ? ['mobile_no' as const] : [])];
    if (taken.length > 0) return { kind: 'taken', fields: taken };
    if (failed.includes(4)) return { kind: 'referrer-missing' };
    if (failed.includes(3)) return { kind: 'code-taken' };
    throw error;
  }
}

/**
 * Writes the user with its email, mobile and referral-code lookups in one transaction (each
 * enforces uniqueness), optionally linked to the referrer. A referral-code clash retries with a
 * new code; a taken email or mobile answers 'taken' with the fields (register does not tell which).
 */
export async function createUserWithReferral(
  user: NewUser,
  options: NewUserOptions = {},
  now = clockNow(),
): Promise<CreateUserOutcome> {
  const userId = await nextUserId(user.frch_id);
  const stamp = nowIso(now);
  const item: UserItem = { ...user, current_credit: 0, user_id: userId, entity: 'user', createdAt: stamp, updatedAt: stamp };
  for (let attempt = 0; attempt < REFERRAL_CODE_TRIES; attempt += 1) {
    const outcome = await writeNewUser(item, generateReferralCode(), options);
    if (outcome.kind !== 'code-taken') return outcome;
  }
  throw new Error('Could not allocate a unique referral code');
}

/** Creates a user (with a referral code of its own); a taken email or mobile → 409. */
export async function createUser(user: NewUser, now = clockNow()): Promise<UserItem> {
  const outcome = await createUserWithReferral(user, {}, now);
  if (outcome.kind !== 'created') throw new ConflictError(ACCOUNT_EXISTS_MESSAGE);
  return outcome.user;
}

export async function updatePasswordHash(frchId: number, userId: number, passwordHash: string, now = clockNow()): Promise<void> {
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

/** Sets a new password and revokes every token issued before `tokensValidAfter` (epoch seconds). */
export async function setPasswordAndRevokeTokens(
  frchId: number,
  userId: number,
  passwordHash: string,
  tokensValidAfter: number,
  now = clockNow(),
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.profile(frchId, userId),
      UpdateExpression: 'SET password_hash = :hash, tokens_valid_after = :cutoff, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':cutoff': tokensValidAfter, ':now': nowIso(now) },
    }),
  );
}

/** Revokes every token issued before `tokensValidAfter` (epoch seconds): "log out of all devices". */
export async function revokeTokensIssuedBefore(frchId: number, userId: number, tokensValidAfter: number, now = clockNow()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKeys.profile(frchId, userId),
      UpdateExpression: 'SET tokens_valid_after = :cutoff, updatedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(tokens_valid_after) OR tokens_valid_after < :cutoff)',
      ExpressionAttributeValues: { ':cutoff': tokensValidAfter, ':now': nowIso(now) },
    }),
  ).catch((error: unknown) => {
    // A later cutoff already stored revokes at least as much.
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  });
}

/**
 * Stores the user's revoked single tokens, if the item is still the version read (`updatedAt`); false
 * when it changed meanwhile (the caller reads again and retries).
 */
export async function replaceRevokedTokens(frchId: number, userId: number, revoked: Readonly<Record<string, number>>, readUpdatedAt: string, now = clockNow()): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.profile(frchId, userId),
        UpdateExpression: 'SET revoked_tokens = :revoked, updatedAt = :now',
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeValues: { ':revoked': revoked, ':read': readUpdatedAt, ':now': nowIso(now) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export type ContactField = 'email' | 'mobile_no';

function contactLookup(field: ContactField, frchId: number, value: string): ItemKey {
  return field === 'email' ? userKeys.emailLookup(frchId, value) : userKeys.mobileLookup(frchId, value);
}

/**
 * Replaces the user's email or mobile number and its uniqueness lookup in one transaction:
 * the old lookup is deleted, the new one written only if no account has it, the profile updated
 * only if it still holds the old value. 'taken': another account has the value; 'stale': the
 * profile changed meanwhile.
 */
export async function changeUserContact(
  frchId: number,
  userId: number,
  change: { readonly field: ContactField; readonly from: string; readonly to: string },
  now = clockNow(),
): Promise<'changed' | 'taken' | 'stale'> {
  const stamp = nowIso(now);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: userKeys.profile(frchId, userId),
              UpdateExpression: 'SET #field = :to, updatedAt = :now',
              ConditionExpression: '#field = :from',
              ExpressionAttributeNames: { '#field': change.field },
              ExpressionAttributeValues: { ':to': change.to, ':from': change.from, ':now': stamp },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...contactLookup(change.field, frchId, change.to), entity: 'lookup', user_id: userId, createdAt: stamp },
              ConditionExpression: UNIQUE,
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: contactLookup(change.field, frchId, change.from),
              ConditionExpression: 'user_id = :userId',
              ExpressionAttributeValues: { ':userId': userId },
            },
          },
        ],
      }),
    );
    return 'changed';
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed?.length) throw error;
    return failed.includes(1) ? 'taken' : 'stale';
  }
}
