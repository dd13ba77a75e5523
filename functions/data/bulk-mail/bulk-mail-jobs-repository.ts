import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { BULK_MAIL_FORMATS, BULK_MAIL_JOB_STATUSES } from '../../../shared/contracts/bulk-mail';
import { dynamo } from '../../platform/clients';
import { queryAllPages, tableName, transactReportingFailedConditions, writeIfConditionHolds } from '../table';
import { bulkMailKeys } from './bulk-mail-keys';

/** Daily-usage counters outlive their day by a little, then expire (TTL). */
const USAGE_RETENTION_SECONDS = 3 * 24 * 3600;

export const bulkMailJobItemSchema = z.object({
  job_id: z.string(),
  frch_id: z.number().int(),
  owner_user_id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  format: z.enum(BULK_MAIL_FORMATS),
  status: z.enum(BULK_MAIL_JOB_STATUSES),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BulkMailJobItem = z.infer<typeof bulkMailJobItemSchema>;

export type NewBulkMailJob = Omit<BulkMailJobItem, 'status' | 'sent' | 'failed' | 'started_at' | 'finished_at'>;

export type CreateJobOutcome = { readonly kind: 'created' } | { readonly kind: 'exists' } | { readonly kind: 'over-cap'; readonly left: number };

/**
 * Writes the job and counts its recipients against the owner's day in one transaction: the job is new
 * (its id comes from the idempotency key) and the day's usage stays within `dailyCap`. The worker does not
 * see the job until `openJob` (after its recipients are written).
 */
export async function createJob(job: NewBulkMailJob, day: string, dailyCap: number, now: Date): Promise<CreateJobOutcome> {
  const usageKey = bulkMailKeys.dailyUsage(job.frch_id, job.owner_user_id, day);
  const failed = await transactReportingFailedConditions([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...bulkMailKeys.job(job.job_id),
          ...bulkMailKeys.ownerListing(job.frch_id, job.owner_user_id, job.created_at, job.job_id),
          entity: 'bulk-mail-job',
          ...job,
          status: 'queued',
          sent: 0,
          failed: 0,
          started_at: null,
          finished_at: null,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: usageKey,
        UpdateExpression: 'ADD used :n SET entity = :entity, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(used) OR used <= :most',
        ExpressionAttributeValues: {
          ':n': job.recipients,
          ':most': dailyCap - job.recipients,
          ':entity': 'bulk-mail-usage',
          ':expires': Math.floor(now.getTime() / 1000) + USAGE_RETENTION_SECONDS,
        },
      },
    },
  ]);
  if (failed.length === 0) return { kind: 'created' };
  if (failed.includes(0)) return { kind: 'exists' };
  return { kind: 'over-cap', left: Math.max(0, dailyCap - (await dailyUsage(job.frch_id, job.owner_user_id, day))) };
}

/** Recipients the owner has queued on `day`. */
export async function dailyUsage(frchId: number, userId: number, day: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bulkMailKeys.dailyUsage(frchId, userId, day), ConsistentRead: true }));
  return typeof Item?.used === 'number' ? Item.used : 0;
}

export async function getJob(jobId: string): Promise<BulkMailJobItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bulkMailKeys.job(jobId), ConsistentRead: true }));
  return Item ? bulkMailJobItemSchema.parse(Item) : null;
}

/** The owner's latest mailings, newest first. */
export async function listOwnerJobs(frchId: number, userId: number, limit: number): Promise<BulkMailJobItem[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': bulkMailKeys.ownerPartition(frchId, userId), ':prefix': 'BULKMAIL#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => bulkMailJobItemSchema.parse(item));
}

/** Lists the job for the workers (its recipients are all written). */
export async function openJob(jobId: string, frchId: number): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...bulkMailKeys.open(jobId), entity: 'bulk-mail-open', job_id: jobId, frch_id: frchId } }));
}

/** Whether the job is listed for the workers (false before `openJob`, and again once they finished it). */
export async function isJobOpen(jobId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bulkMailKeys.open(jobId), ConsistentRead: true }));
  return Item !== undefined;
}

const openJobSchema = z.object({ job_id: z.string(), frch_id: z.number().int() });

/** The jobs with work left and their franchises. */
export async function listOpenJobs(): Promise<{ job_id: string; frch_id: number }[]> {
  const items = await queryAllPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': bulkMailKeys.openPartition }, ConsistentRead: true });
  return items.map((item) => openJobSchema.parse(item));
}

/** The first claim of a job moves it from queued to sending and stamps when it started. */
export async function markJobStarted(jobId: string, now: Date): Promise<void> {
  await writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bulkMailKeys.job(jobId),
        UpdateExpression: 'SET #status = :sending, started_at = :now',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':queued': 'queued', ':now': now.toISOString() },
      }),
    ),
  );
}

/** Counts one recipient's outcome as progress (the final counts are set by `finishJob`). */
export async function countOutcome(jobId: string, outcome: 'sent' | 'failed'): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: bulkMailKeys.job(jobId),
      UpdateExpression: 'ADD #counter :one',
      ExpressionAttributeNames: { '#counter': outcome },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/**
 * Every recipient has its outcome: the job is done with the counts read from its recipients (so a worker
 * that stopped between an outcome and its count leaves no gap), stamped once, and leaves the workers' list.
 */
export async function finishJob(jobId: string, counts: { sent: number; failed: number }, now: Date): Promise<void> {
  await writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bulkMailKeys.job(jobId),
        UpdateExpression: 'SET #status = :done, finished_at = :now, sent = :sent, failed = :failed, started_at = if_not_exists(started_at, :now)',
        ConditionExpression: '#status <> :done',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':done': 'done', ':now': now.toISOString(), ':sent': counts.sent, ':failed': counts.failed },
      }),
    ),
  );
  await closeJob(jobId);
}

/** Takes the job off the workers' list. */
export async function closeJob(jobId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: bulkMailKeys.open(jobId) }));
}
