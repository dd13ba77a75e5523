import { BatchWriteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { BULK_MAIL_RECIPIENT_STATUSES } from '../../../shared/contracts/bulk-mail';
import { mapBounded } from '../../platform/bounded';
import { dynamo } from '../../platform/clients';
import { decodeCursor, encodeCursor } from '../cursor';
import { queryAllPages, tableName, writeIfConditionHolds } from '../table';
import { bulkMailKeys } from './bulk-mail-keys';

const BATCH_WRITE_LIMIT = 25;

/** `sending`: claimed by one worker, which alone may record the outcome (its `claim` token). */
export const bulkMailRecipientItemSchema = z.object({
  job_id: z.string(),
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  status: z.enum([...BULK_MAIL_RECIPIENT_STATUSES, 'sending']),
  error: z.string().nullable(),
  claim: z.string().nullable(),
  claimed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type BulkMailRecipientItem = z.infer<typeof bulkMailRecipientItemSchema>;

export interface NewRecipient {
  readonly user_id: number;
  readonly email: string;
  readonly first_name: string;
}

function pendingRecipientItem(jobId: string, recipient: NewRecipient, at: string): Record<string, unknown> {
  return {
    ...bulkMailKeys.recipient(jobId, recipient.user_id),
    ...bulkMailKeys.pendingListing(jobId, recipient.user_id),
    entity: 'bulk-mail-recipient',
    job_id: jobId,
    ...recipient,
    status: 'pending',
    error: null,
    claim: null,
    claimed_at: null,
    updated_at: at,
  };
}

/** Writes every recipient as pending, 25 to a BatchWrite (unprocessed ones again until all are in). */
export async function putRecipients(jobId: string, recipients: readonly NewRecipient[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (let start = 0; start < recipients.length; start += BATCH_WRITE_LIMIT) {
    let requests: { PutRequest: { Item: Record<string, unknown> } }[] = recipients
      .slice(start, start + BATCH_WRITE_LIMIT)
      .map((recipient) => ({ PutRequest: { Item: pendingRecipientItem(jobId, recipient, at) } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (UnprocessedItems?.[tableName()] ?? []).flatMap((request) => (request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : []));
    }
  }
}

/**
 * Writes the recipients a job does not have yet, each only if absent: used to finish queuing a job whose
 * first request stopped midway, so a recipient a worker may already hold is never written back to pending.
 */
export async function putMissingRecipients(jobId: string, recipients: readonly NewRecipient[], now: Date): Promise<void> {
  const at = now.toISOString();
  await mapBounded(recipients, 25, (recipient) =>
    writeIfConditionHolds(() =>
      dynamo().send(new PutCommand({ TableName: tableName(), Item: pendingRecipientItem(jobId, recipient, at), ConditionExpression: 'attribute_not_exists(PK)' })),
    ),
  );
}

/** Ids of recipients still pending (the sparse index; a claim may still lose to another worker). */
export async function listPendingRecipientIds(jobId: string, limit: number): Promise<number[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': bulkMailKeys.pendingPartition(jobId) },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => z.number().int().parse(item.user_id));
}

/** Takes a pending recipient for one worker (pending → sending); null when another worker has it. */
export async function claimRecipient(jobId: string, userId: number, claim: string, now: Date): Promise<BulkMailRecipientItem | null> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bulkMailKeys.recipient(jobId, userId),
        UpdateExpression: 'SET #status = :sending, claim = :claim, claimed_at = :now, updated_at = :now REMOVE GSI2PK, GSI2SK',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':claim': claim, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return bulkMailRecipientItemSchema.parse(Attributes);
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** Records the outcome of a claimed recipient (sending → sent | failed), only by the claim's holder. */
export function finishRecipient(jobId: string, userId: number, claim: string, outcome: 'sent' | 'failed', error: string | null, now: Date): Promise<boolean> {
  return writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bulkMailKeys.recipient(jobId, userId),
        UpdateExpression: 'SET #status = :outcome, #error = :error, updated_at = :now',
        ConditionExpression: '#status = :sending AND claim = :claim',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':outcome': outcome, ':error': error, ':now': now.toISOString(), ':sending': 'sending', ':claim': claim },
      }),
    ),
  );
}

/** How many of a job's recipients are in each state (a consistent read of all of them). */
export async function countRecipientsByStatus(jobId: string): Promise<Record<BulkMailRecipientItem['status'], number>> {
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: '#status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': bulkMailKeys.job(jobId).PK, ':prefix': bulkMailKeys.recipientPrefix },
    ConsistentRead: true,
  });
  for (const item of items) counts[bulkMailRecipientItemSchema.shape.status.parse(item.status)] += 1;
  return counts;
}

/** Recipients claimed before `claimedBefore` and never finished (their worker stopped mid-way). */
export async function listStaleClaims(jobId: string, claimedBefore: Date): Promise<BulkMailRecipientItem[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: '#status = :sending AND claimed_at < :before',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': bulkMailKeys.job(jobId).PK, ':prefix': bulkMailKeys.recipientPrefix, ':sending': 'sending', ':before': claimedBefore.toISOString() },
    ConsistentRead: true,
  });
  return items.map((item) => bulkMailRecipientItemSchema.parse(item));
}

/**
 * A page of a job's recipients in id order. With `onlyFailed` the read goes on past pages without
 * failures until `limit` failed ones are found or the job's end, so a short page means "no more".
 */
export async function listRecipients(jobId: string, options: { onlyFailed: boolean; limit: number; cursor: string | undefined }) {
  const partition = bulkMailKeys.job(jobId).PK;
  const items: BulkMailRecipientItem[] = [];
  let startKey: Record<string, unknown> | undefined = decodeCursor(options.cursor, partition);
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ...(options.onlyFailed ? { FilterExpression: '#status = :failed', ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: { ':pk': partition, ':prefix': bulkMailKeys.recipientPrefix, ...(options.onlyFailed ? { ':failed': 'failed' } : {}) },
        Limit: options.limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map((item) => bulkMailRecipientItemSchema.parse(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < options.limit);
  return { items, nextCursor: encodeCursor(startKey) };
}
