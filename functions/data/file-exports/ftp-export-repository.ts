import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ftpExportRunSchema, type FtpExportRun } from '../../../shared/contracts/ftp';
import { dynamo } from '../../platform/clients';
import { isConditionFailure, tableName } from '../table';

/**
 * The franchise's file exports (issue 18), in one partition `FR#<frch>#FTPEXPORTS`:
 * - each run `RUN#<started ISO>#<run id>` (newest first by sort key): the day, who started it, the files
 *   and their row counts, attempts, outcome and the server's error text;
 * - each exported day's state `DAY#<yyyy-MM-dd>`: whether it was sent, and on which night the schedule
 *   last tried it (the schedule tries a failed day once a night, for a week).
 */
export const ftpExportKeys = {
  partition: (frchId: number) => `FR#${frchId}#FTPEXPORTS`,
  run: (frchId: number, startedIso: string, runId: string) => ({ PK: ftpExportKeys.partition(frchId), SK: `RUN#${startedIso}#${runId}` }),
  day: (frchId: number, day: string) => ({ PK: ftpExportKeys.partition(frchId), SK: `DAY#${day}` }),
};

export async function putExportRun(frchId: number, run: FtpExportRun): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...ftpExportKeys.run(frchId, run.started_at, run.run_id), entity: 'ftp-export-run', frch_id: frchId, ...run } }));
}

/** The franchise's runs, newest first. */
export async function listExportRuns(frchId: number, limit: number): Promise<FtpExportRun[]> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': ftpExportKeys.partition(frchId), ':prefix': 'RUN#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => ftpExportRunSchema.parse(item));
}

export const exportDayStateSchema = z.object({
  day: z.string(),
  /** Null while the night's first try is claimed but not finished. */
  status: z.enum(['succeeded', 'failed']).nullable().default(null),
  /** The Asia/Kolkata night (yyyy-MM-dd) the schedule last tried this day, null when only sent by hand. */
  scheduled_night: z.string().nullable().default(null),
  last_run_id: z.string().nullable().default(null),
  updatedAt: z.string(),
});
export type ExportDayState = z.infer<typeof exportDayStateSchema>;

export async function getExportDayState(frchId: number, day: string): Promise<ExportDayState | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ftpExportKeys.day(frchId, day), ConsistentRead: true }));
  return Item ? exportDayStateSchema.parse(Item) : null;
}

/** Every day's state from `fromDay` to `toDay` (inclusive). */
export async function listExportDayStates(frchId: number, fromDay: string, toDay: string): Promise<ExportDayState[]> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': ftpExportKeys.partition(frchId), ':from': `DAY#${fromDay}`, ':to': `DAY#${toDay}` },
      ConsistentRead: true,
    }),
  );
  return (answer.Items ?? []).map((item) => exportDayStateSchema.parse(item));
}

/** Records a day's outcome; a scheduled try also notes its night (a manual one keeps the night noted before). */
export async function recordExportDay(frchId: number, state: ExportDayState): Promise<void> {
  const night = state.scheduled_night === null ? '' : ', scheduled_night = :night';
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ftpExportKeys.day(frchId, state.day),
      UpdateExpression: `SET entity = :entity, frch_id = :frch, #day = :day, #status = :status, last_run_id = :run, updatedAt = :at${night}`,
      ExpressionAttributeNames: { '#day': 'day', '#status': 'status' },
      ExpressionAttributeValues: {
        ':entity': 'ftp-export-day',
        ':frch': frchId,
        ':day': state.day,
        ':status': state.status,
        ':run': state.last_run_id,
        ':at': state.updatedAt,
        ...(state.scheduled_night === null ? {} : { ':night': state.scheduled_night }),
      },
    }),
  );
}

/**
 * Claims a night's scheduled try of a day: true for the one caller that notes `night` first (two
 * overlapping schedule runs never export the same day twice in one night).
 */
export async function claimScheduledNight(frchId: number, day: string, night: string, nowIso: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ftpExportKeys.day(frchId, day),
        UpdateExpression: 'SET entity = :entity, frch_id = :frch, #day = :day, scheduled_night = :night, updatedAt = :at',
        ConditionExpression: '(attribute_not_exists(scheduled_night) OR scheduled_night = :null OR scheduled_night < :night) AND (attribute_not_exists(#status) OR #status <> :done)',
        ExpressionAttributeNames: { '#day': 'day', '#status': 'status' },
        ExpressionAttributeValues: { ':entity': 'ftp-export-day', ':frch': frchId, ':day': day, ':night': night, ':at': nowIso, ':null': null, ':done': 'succeeded' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
