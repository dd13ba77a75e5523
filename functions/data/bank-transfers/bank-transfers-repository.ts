import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { BadRequestError } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../cursor';
import { isTransactionConflict, tableName, writeIfConditionHolds, type TransactItem } from '../table';
import { bankTransferKeys, type TransferOwner } from './bank-transfer-keys';
import { parseStoredBankTransfer, type StoredBankTransfer } from './stored-bank-transfer';

export interface NewBankTransfer {
  readonly owner: TransferOwner;
  readonly transferId: string;
  readonly utr: string;
  readonly amountPaise: number;
  readonly note: string;
}

/**
 * Writes a new pending claim, its lookup and the UTR's claim in one transaction. `utr-taken` when the
 * franchise already has a claim for this UTR (nothing is written).
 */
export async function createBankTransfer(transfer: NewBankTransfer, now: Date): Promise<{ kind: 'created'; transfer: StoredBankTransfer } | { kind: 'utr-taken' }> {
  const at = now.toISOString();
  const item: StoredBankTransfer = {
    transfer_id: transfer.transferId,
    frch_id: transfer.owner.frchId,
    user_id: transfer.owner.userId,
    utr: transfer.utr,
    amount_paise: transfer.amountPaise,
    note: transfer.note,
    state: 'pending',
    reject_reason: null,
    decided_by: null,
    decided_at: null,
    credit_key: null,
    receipt: null,
    createdAt: at,
    updatedAt: at,
  };
  const refersTo = { user_id: transfer.owner.userId, transfer_id: transfer.transferId, createdAt: at };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...bankTransferKeys.utrClaim(transfer.owner.frchId, transfer.utr), entity: 'bank-transfer-utr', ...refersTo },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...bankTransferKeys.item(transfer.owner, transfer.transferId),
                ...bankTransferKeys.franchiseListing(transfer.owner.frchId, at, transfer.transferId),
                entity: 'bank-transfer',
                ...item,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...bankTransferKeys.lookup(transfer.owner.frchId, transfer.transferId), entity: 'bank-transfer-lookup', ...refersTo },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    // The UTR item is the first: its failed condition is the only one a fresh ULID can meet.
    if (isTransactionConflict(error) && utrClaimFailed(error)) return { kind: 'utr-taken' };
    throw error;
  }
  return { kind: 'created', transfer: item };
}

function utrClaimFailed(error: unknown): boolean {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons[0]?.Code === 'ConditionalCheckFailed';
}

/** One of the owner's claims (a strongly consistent read), or null. */
export async function getBankTransfer(owner: TransferOwner, transferId: string): Promise<StoredBankTransfer | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bankTransferKeys.item(owner, transferId), ConsistentRead: true }));
  return Item ? parseStoredBankTransfer(Item) : null;
}

const lookupSchema = z.object({ user_id: z.number().int(), transfer_id: z.string() });

/** The franchise's claim with this id (whoever made it), or null. */
export async function findFranchiseBankTransfer(frchId: number, transferId: string): Promise<StoredBankTransfer | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bankTransferKeys.lookup(frchId, transferId), ConsistentRead: true }));
  if (!Item) return null;
  const lookup = lookupSchema.parse(Item);
  return getBankTransfer({ frchId, userId: lookup.user_id }, lookup.transfer_id);
}

export interface Page {
  readonly limit: number;
  readonly cursor?: string | undefined;
}

/** The owner's claims, newest first, one page at a time. */
export async function listBankTransfers(owner: TransferOwner, page: Page): Promise<{ items: StoredBankTransfer[]; nextCursor: string | null }> {
  const partition = bankTransferKeys.partition(owner);
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': bankTransferKeys.prefix },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, partition),
    }),
  );
  return { items: (answer.Items ?? []).map(parseStoredBankTransfer), nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

const listingCursorSchema = z.object({ PK: z.string(), SK: z.string(), GSI2PK: z.string(), GSI2SK: z.string() });

/** A cursor into the franchise listing, refused unless it points at one of this franchise's claims. */
function decodeListingCursor(cursor: string | undefined, frchId: number): Record<string, string> | undefined {
  if (!cursor) return undefined;
  const parsed = listingCursorSchema.safeParse(decodeJson(cursor));
  const ownPrefix = bankTransferKeys.franchiseUsersPrefix(frchId);
  if (!parsed.success || parsed.data.GSI2PK !== bankTransferKeys.franchisePartition(frchId) || !parsed.data.PK.startsWith(ownPrefix)) {
    throw new BadRequestError('Invalid page cursor');
  }
  return parsed.data;
}

function decodeJson(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The franchise's claims created between two instants, newest first, optionally in one state. A page
 * may hold fewer than `limit` items when the state filter drops some; `nextCursor` says whether more follow.
 */
export async function listFranchiseBankTransfers(
  frchId: number,
  filter: { readonly fromIso: string; readonly toIso: string; readonly state?: StoredBankTransfer['state'] | undefined },
  page: Page,
): Promise<{ items: StoredBankTransfer[]; nextCursor: string | null }> {
  const partition = bankTransferKeys.franchisePartition(frchId);
  const start = decodeListingCursor(page.cursor, frchId);
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
      ...(filter.state ? { FilterExpression: '#state = :state', ExpressionAttributeNames: { '#state': 'state' } } : {}),
      ExpressionAttributeValues: { ':pk': partition, ':from': filter.fromIso, ':to': `${filter.toIso}~`, ...(filter.state ? { ':state': filter.state } : {}) },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (answer.Items ?? []).map(parseStoredBankTransfer), nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

const ownerOf = (transfer: StoredBankTransfer): TransferOwner => ({ frchId: transfer.frch_id, userId: transfer.user_id });

/**
 * The claim's move pending → approved, to be written in the SAME transaction as the wallet credit (the
 * wallet's `alongside` items): both happen or neither. Refused unless the claim is still pending.
 */
export function approvalItem(transfer: StoredBankTransfer, approverId: number, creditKey: string, now: Date): TransactItem {
  const at = now.toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: bankTransferKeys.item(ownerOf(transfer), transfer.transfer_id),
      UpdateExpression: 'SET #state = :approved, decided_by = :by, decided_at = :at, credit_key = :key, updatedAt = :at',
      ConditionExpression: 'attribute_exists(PK) AND #state = :pending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':approved': 'approved', ':pending': 'pending', ':by': approverId, ':at': at, ':key': creditKey },
    },
  };
}

/** Rejects a pending claim with the reason the user reads: false when it was no longer pending. */
export function rejectBankTransfer(transfer: StoredBankTransfer, deciderId: number, reason: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bankTransferKeys.item(ownerOf(transfer), transfer.transfer_id),
        UpdateExpression: 'SET #state = :rejected, reject_reason = :reason, decided_by = :by, decided_at = :at, updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND #state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':rejected': 'rejected', ':pending': 'pending', ':reason': reason, ':by': deciderId, ':at': at },
      }),
    ),
  );
}
