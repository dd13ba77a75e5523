import * as z from 'zod';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { cashoutChoiceSchema, cashoutStatusSchema } from '../../../shared/domain/states';
import { dynamo } from '../../platform/clients';
import { BadRequestError } from '../../platform/errors';
import { encodeCursor } from '../cursor';
import { queryAllPages, tableName, transactReportingFailedConditions, type TransactItem } from '../table';
import { balanceChangeItem } from './referral-earnings-repository';
import { referralRewardKeys } from './referral-keys';

/**
 * Referral cash-outs (issue 19): one item per cash-out in the user's partition, listed for the broker panel
 * through GSI1. Every change of a cash-out and of the earnings balance it moves is one transaction.
 */
export const storedCashoutSchema = z.object({
  cashout_id: z.string(),
  frch_id: z.number().int(),
  user_id: z.number().int(),
  choice: cashoutChoiceSchema,
  amount_paise: z.number().int().positive(),
  status: cashoutStatusSchema,
  bank_account: z.object({ holder_name: z.string(), account_number: z.string(), ifsc: z.string() }).nullable(),
  reason: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredCashout = z.infer<typeof storedCashoutSchema>;

export type NewCashout = Omit<StoredCashout, 'reason' | 'decided_by' | 'updatedAt'>;

function cashoutPutItem(cashout: NewCashout): TransactItem {
  const item: StoredCashout = { ...cashout, reason: null, decided_by: null, updatedAt: cashout.createdAt };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...referralRewardKeys.cashout(cashout.frch_id, cashout.user_id, cashout.cashout_id),
        ...referralRewardKeys.franchiseCashouts(cashout.frch_id, cashout.createdAt, cashout.user_id, cashout.cashout_id),
        entity: 'referral-cashout',
        ...item,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The two items a cash-out writes with the earnings: the balance taken down by the amount (only while it
 * covers it: index 0) and the new cash-out (only if its id is new: index 1). A credit is completed at once
 * (counted as cashed out), a withdrawal pending (counted as pending).
 */
export function cashoutStartItems(cashout: NewCashout): [TransactItem, TransactItem] {
  const amount = cashout.amount_paise;
  const totals = cashout.status === 'completed' ? { cashed_out_paise: amount } : { pending_paise: amount };
  return [balanceChangeItem(cashout.frch_id, cashout.user_id, { balance_paise: -amount, ...totals }, cashout.createdAt, amount), cashoutPutItem(cashout)];
}

/** Writes a withdrawal with its earnings change; answers the indexes of the failed conditions (see `cashoutStartItems`). */
export function writeCashoutStart(cashout: NewCashout): Promise<number[]> {
  return transactReportingFailedConditions(cashoutStartItems(cashout));
}

export async function getCashout(frchId: number, userId: number, cashoutId: string, consistent = true): Promise<StoredCashout | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: referralRewardKeys.cashout(frchId, userId, cashoutId), ConsistentRead: consistent }));
  return Item ? storedCashoutSchema.parse(Item) : null;
}

/** The user's cash-outs, newest first (a user has few: read whole). */
export async function listUserCashouts(frchId: number, userId: number): Promise<StoredCashout[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': referralRewardKeys.userPartition(frchId, userId), ':prefix': referralRewardKeys.cashoutPrefix },
  });
  return items.map((item) => storedCashoutSchema.parse(item)).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

const listingCursorSchema = z.object({ PK: z.string(), SK: z.string(), GSI1PK: z.string(), GSI1SK: z.string() });

/** A cursor into the franchise listing, refused unless it points at a cash-out of this franchise. */
function decodeListingCursor(cursor: string | undefined, frchId: number): Record<string, string> | undefined {
  if (!cursor) return undefined;
  let parsed: z.ZodSafeParseResult<z.infer<typeof listingCursorSchema>>;
  try {
    parsed = listingCursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new BadRequestError('Invalid page cursor');
  }
  if (!parsed.success || parsed.data.GSI1PK !== referralRewardKeys.franchiseCashoutPartition(frchId) || !parsed.data.PK.startsWith(`FR#${frchId}#U#`)) {
    throw new BadRequestError('Invalid page cursor');
  }
  return parsed.data;
}

/** Every cash-out of the franchise, newest first, optionally in one status (a page may hold fewer than `limit`). */
export async function listFranchiseCashouts(
  frchId: number,
  filter: { readonly status?: StoredCashout['status'] | undefined },
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: StoredCashout[]; nextCursor: string | null }> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ...(filter.status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: { ':pk': referralRewardKeys.franchiseCashoutPartition(frchId), ...(filter.status ? { ':status': filter.status } : {}) },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeListingCursor(page.cursor, frchId),
    }),
  );
  return { items: (answer.Items ?? []).map((item) => storedCashoutSchema.parse(item)), nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

/**
 * Moves a withdrawal from the state it was read in to `to`, in one transaction with its earnings: completed
 * counts it as cashed out; rejected gives the amount back to the balance. False when the cash-out moved meanwhile.
 */
export async function transitionCashout(cashout: StoredCashout, to: 'initiate' | 'completed' | 'rejected', decidedBy: number, reason: string | null, nowIso: string): Promise<boolean> {
  const amount = cashout.amount_paise;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: referralRewardKeys.cashout(cashout.frch_id, cashout.user_id, cashout.cashout_id),
        UpdateExpression: 'SET #status = :to, decided_by = :by, reason = :reason, updatedAt = :now',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':to': to, ':from': cashout.status, ':by': decidedBy, ':reason': reason, ':now': nowIso },
      },
    },
  ];
  if (to === 'completed') items.push(balanceChangeItem(cashout.frch_id, cashout.user_id, { pending_paise: -amount, cashed_out_paise: amount }, nowIso));
  if (to === 'rejected') items.push(balanceChangeItem(cashout.frch_id, cashout.user_id, { pending_paise: -amount, balance_paise: amount }, nowIso));
  return (await transactReportingFailedConditions(items)).length === 0;
}
