import * as z from 'zod';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { decodeCursor, encodeCursor } from '../cursor';
import { referralKeys, userKeys } from '../keys';
import { queryAllPages, tableName, type TransactItem } from '../table';
import { userItemSchema, type UserItem } from '../user-item';
import { referralRewardKeys } from './referral-keys';

/**
 * The referral side of a user (issue 19): its code and referrer (on the profile, written at registration),
 * its earnings balance with running totals, and one earning per payment of a referred user.
 */

export interface ReferralProfile {
  readonly referralCode: string | null;
  readonly referredBy: number | null;
}

/** The user's referral code and referrer, as registration stored them on the profile. */
export async function readReferralProfile(frchId: number, userId: number): Promise<ReferralProfile | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKeys.profile(frchId, userId),
      ProjectionExpression: 'referral_code, referred_by',
    }),
  );
  if (!Item) return null;
  return {
    referralCode: typeof Item.referral_code === 'string' ? Item.referral_code : null,
    referredBy: typeof Item.referred_by === 'number' ? Item.referred_by : null,
  };
}

/** Every user the referrer referred, in id order (GSI2 on the referred users' profiles). */
export async function listReferredUsers(frchId: number, referrerId: number): Promise<UserItem[]> {
  const { GSI2PK } = referralKeys.referredBy(frchId, referrerId, 0);
  const items = await queryAllPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)',
    ExpressionAttributeValues: { ':pk': GSI2PK, ':prefix': 'U#' },
  });
  return items.map((item) => userItemSchema.parse(item));
}

export interface EarningsTotals {
  /** What may still be cashed out. */
  readonly balancePaise: number;
  readonly earnedPaise: number;
  readonly cashedOutPaise: number;
  /** Withdrawals taken from the balance, not paid yet. */
  readonly pendingPaise: number;
}

const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

export async function getEarningsTotals(frchId: number, userId: number, consistent = false): Promise<EarningsTotals> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: referralRewardKeys.balance(frchId, userId), ConsistentRead: consistent }));
  return { balancePaise: int(Item?.balance_paise), earnedPaise: int(Item?.earned_paise), cashedOutPaise: int(Item?.cashed_out_paise), pendingPaise: int(Item?.pending_paise) };
}

/**
 * An update of the earnings balance item: `add` per running total (negative to take away); `atLeast`
 * conditions the write on the balance covering that many paise (so it never goes below zero).
 */
export function balanceChangeItem(frchId: number, userId: number, add: Partial<Record<'balance_paise' | 'earned_paise' | 'cashed_out_paise' | 'pending_paise', number>>, nowIso: string, atLeast?: number): TransactItem {
  const entries = Object.entries(add).filter(([, value]) => value !== 0);
  const values: Record<string, unknown> = { ':entity': 'referral-balance', ':now': nowIso };
  entries.forEach(([, value], index) => (values[`:a${index}`] = value));
  if (atLeast !== undefined) values[':atLeast'] = atLeast;
  return {
    Update: {
      TableName: tableName(),
      Key: referralRewardKeys.balance(frchId, userId),
      UpdateExpression: `SET entity = :entity, updatedAt = :now ADD ${entries.map(([name], index) => `${name} :a${index}`).join(', ')}`,
      ...(atLeast === undefined ? {} : { ConditionExpression: 'balance_paise >= :atLeast' }),
      ExpressionAttributeValues: values,
    },
  };
}

export const storedEarningSchema = z.object({
  payment_id: z.string(),
  source: z.enum(['phonepe', 'bank_transfer']),
  referrer_id: z.number().int(),
  referred_user_id: z.number().int(),
  payment_amount_paise: z.number().int(),
  percent_bp: z.number().int(),
  earned_paise: z.number().int(),
  createdAt: z.string(),
});
export type StoredEarning = z.infer<typeof storedEarningSchema>;

/** The earning of one payment, written once (a payment confirmed again earns nothing more). */
export function earningPutItem(frchId: number, earning: StoredEarning): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...referralRewardKeys.earning(frchId, earning.referrer_id, earning.payment_id), entity: 'referral-earning', ...earning },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

const earningsQuery = (frchId: number, userId: number) => ({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
  ExpressionAttributeValues: { ':pk': referralRewardKeys.userPartition(frchId, userId), ':prefix': referralRewardKeys.earningPrefix },
});

/** The referrer's earnings, newest first (payment ids are ULIDs: they sort by time), one page at a time. */
export async function listEarningsPage(frchId: number, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<{ items: StoredEarning[]; nextCursor: string | null }> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      ...earningsQuery(frchId, userId),
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, referralRewardKeys.userPartition(frchId, userId)),
    }),
  );
  return { items: (answer.Items ?? []).map((item) => storedEarningSchema.parse(item)), nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

/** Every earning of the referrer (the per-user sums of the referral lists). */
export async function listAllEarnings(frchId: number, userId: number): Promise<StoredEarning[]> {
  return (await queryAllPages(earningsQuery(frchId, userId))).map((item) => storedEarningSchema.parse(item));
}
