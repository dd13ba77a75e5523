import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { listBrokerAccounts } from '../broker-accounts-repository';
import { PrefetchedItems } from '../item-source';
import { referralKeys, userKeys } from '../keys';
import { assignmentsOf, countAllPages, isConditionFailure, queryPages, tableName } from '../table';
import { userItemSchema, type UserItem } from '../user-item';
import { createUserWithReferral, NEW_USER_DEFAULTS, type CreateUserOutcome } from '../users-repository';
import { subUserKeys } from './sub-user-keys';

/** Who adds, and whom: the new user's contact details. */
export interface NewSubUser {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly mobile_no: string;
}

/**
 * Writes a sub-user through the one user-creation transaction (email, mobile and referral-code lookups
 * enforce uniqueness): `parent_user_id` is the parent, the parent listing (GSI3) indexes it, and it has no
 * usable password (`''` never matches — passwords.ts) until it sets one from its welcome mail. Flags are
 * not stored (every permission allowed) and no `referral_bp` (the franchise's default applies).
 */
export function createSubUser(parent: { readonly frchId: number; readonly userId: number }, input: NewSubUser, now = clockNow()): Promise<CreateUserOutcome> {
  return createUserWithReferral(
    { ...NEW_USER_DEFAULTS, ...input, frch_id: parent.frchId, parent_user_id: parent.userId, password_hash: '' },
    {
      indexAttributes: (userId) => subUserKeys.parentListing(parent.frchId, parent.userId, userId),
      alongside: [
        {
          Update: {
            TableName: tableName(),
            Key: subUserKeys.count(parent.frchId, parent.userId),
            UpdateExpression: 'ADD sub_users :one SET entity = :entity',
            ExpressionAttributeValues: { ':one': 1, ':entity': 'sub-user-count' },
          },
        },
      ],
    },
    now,
  );
}

/** Which users a listing reads: a parent's own sub-users (GSI3), or the whole franchise (GSI1, the broker panel). */
export type UserListing = { readonly parentId: number } | 'franchise';

/** The fields a search or filter looks at: all the listing reads of each user (the page's users are then read whole). */
const LISTED_FIELDS = ['user_id', 'first_name', 'last_name', 'email', 'mobile_no', 'profile_status', 'parent_user_id', 'frch_id'] as const;

function listingQuery(frchId: number, listing: UserListing, fields?: readonly string[]): Parameters<typeof queryPages>[0] {
  const projection = fields
    ? { ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '), ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])) }
    : {};
  if (listing === 'franchise') {
    return { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': userKeys.franchiseListing(frchId, 0).GSI1PK }, ...projection };
  }
  return { IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': subUserKeys.parentPartition(frchId, listing.parentId) }, ...projection };
}

/** What a search or filter looks at: read for every listed user; the whole item is parsed only for the page. */
/** What a search or filter looks at of each listed user. */
export type ListedUser = Pick<UserItem, (typeof LISTED_FIELDS)[number]>;

/**
 * One page of a listing, in id order, of the users `keep` accepts, and how many it accepts in all. The
 * index is read for the few fields a filter needs (LISTED_FIELDS, not whole profiles); the page's users
 * are then read whole in one batch.
 */
export async function pageOfListedUsers(
  frchId: number,
  listing: UserListing,
  keep: (user: ListedUser) => boolean,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ items: UserItem[]; total: number }> {
  const pageIds: number[] = [];
  let total = 0;
  for await (const read of queryPages(listingQuery(frchId, listing, ['PK', 'SK', ...LISTED_FIELDS]))) {
    for (const raw of read.items) {
      const listed = raw as unknown as ListedUser;
      if (!keep(listed)) continue;
      if (total >= page.offset && pageIds.length < page.limit) pageIds.push(listed.user_id);
      total += 1;
    }
  }
  const whole = new PrefetchedItems();
  await whole.prefetch(pageIds.map((userId) => userKeys.profile(frchId, userId)));
  const items: UserItem[] = [];
  for (const userId of pageIds) {
    const item = await whole.get(userKeys.profile(frchId, userId));
    if (item) items.push(userItemSchema.parse(item));
  }
  return { items, total };
}

/**
 * One page of a parent's sub-users in id order, without filters: the index is read only up to the page's
 * end (ids only) and the total comes from the count kept with each creation, so the first pages cost one
 * short Query however many sub-users the parent has. Null when the parent has no count (none kept yet).
 */
export async function pageOfSubUsers(frchId: number, parentId: number, page: { readonly offset: number; readonly limit: number }): Promise<{ items: UserItem[]; total: number } | null> {
  const { Item: counted } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: subUserKeys.count(frchId, parentId) }));
  if (typeof counted?.sub_users !== 'number') return null;
  const wanted = page.offset + page.limit;
  const ids: number[] = [];
  const query = { ...listingQuery(frchId, { parentId }, ['user_id']), Limit: wanted };
  for await (const read of queryPages(query)) {
    for (const raw of read.items) ids.push(Number(raw.user_id));
    if (ids.length >= wanted) break;
  }
  const pageIds = ids.slice(page.offset, wanted);
  const whole = new PrefetchedItems();
  await whole.prefetch(pageIds.map((userId) => userKeys.profile(frchId, userId)));
  const items: UserItem[] = [];
  for (const userId of pageIds) {
    const item = await whole.get(userKeys.profile(frchId, userId));
    if (item) items.push(userItemSchema.parse(item));
  }
  return { items, total: counted.sub_users };
}

/** Every user of a listing, parsed whole, in id order. */
export async function listAllListedUsers(frchId: number, listing: UserListing): Promise<UserItem[]> {
  const users: UserItem[] = [];
  for await (const read of queryPages(listingQuery(frchId, listing))) for (const raw of read.items) users.push(userItemSchema.parse(raw));
  return users;
}

/** Every sub-user a parent added, in id order (GSI3). */
export function listSubUsersOfParent(frchId: number, parentId: number): Promise<UserItem[]> {
  return listAllListedUsers(frchId, { parentId });
}

/** Every user of the franchise in id order (GSI1), for its broker panel. */
export function listFranchiseUsers(frchId: number): Promise<UserItem[]> {
  return listAllListedUsers(frchId, 'franchise');
}

/** A sub-user's permissions as a parent sets them (basis points for the referral percent). */
export type SubUserFlagChanges = Partial<Pick<UserItem, 'demat_allowed' | 'purchase_ip_allowed' | 'link_sharing' | 'referral_bp'>>;

/** Whose the change is: a parent changes only its own sub-users; the broker panel any user that exists. */
export type FlagGuard = { readonly parentId: number } | 'exists';

/**
 * Sets flags on one user, conditioned on it still being the caller's (its `parent_user_id`, or its
 * existence for the broker panel); the user as stored afterwards, or null when the condition failed.
 */
export async function setSubUserFlags(frchId: number, userId: number, changes: SubUserFlagChanges, guard: FlagGuard, now = clockNow()): Promise<UserItem | null> {
  const { assignments, names, values } = assignmentsOf(changes, now);
  const guarded = guard === 'exists' ? {} : { ':parent': guard.parentId };
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.profile(frchId, userId),
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: guard === 'exists' ? 'attribute_exists(PK)' : 'attribute_exists(PK) AND parent_user_id = :parent',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ...guarded },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? userItemSchema.parse(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** What a parent's detail view counts of a sub-user: its broker accounts (not removed) and the users it referred. */
export async function countSubUserRelations(frchId: number, userId: number): Promise<{ brokerAccounts: number; referred: number }> {
  const { GSI2PK } = referralKeys.referredBy(frchId, userId, 0);
  const [accounts, referred] = await Promise.all([
    listBrokerAccounts({ frchId, userId }),
    countAllPages({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': GSI2PK } }),
  ]);
  return { brokerAccounts: accounts.filter((account) => account.status !== 'deleted').length, referred };
}
