import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { isConditionFailure, queryAllPages, tableName } from '../table';
import { strategyRecordKeys } from './strategy-record-keys';

/** Whose strategy: the broker-panel user whose partition holds the group and its records. */
export interface StrategyOwner {
  readonly frchId: number;
  readonly userId: number;
}

/** A record as stored; `pnl` in rupees (two decimals), `version` starts at 1 and grows with every change. */
export const strategyRecordItemSchema = z.object({
  record_id: z.string(),
  grp_id: z.string(),
  date: z.string(),
  title: z.string(),
  notes: z.string(),
  pnl: z.number(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StrategyRecordItem = z.infer<typeof strategyRecordItemSchema>;
export type StrategyRecordFields = Pick<StrategyRecordItem, 'date' | 'title' | 'notes' | 'pnl'>;

const keyOf = (owner: StrategyOwner, grpId: string, recordId: string) => strategyRecordKeys.item(owner.frchId, owner.userId, grpId, recordId);

/** Writes a new record; the condition keeps an id from ever being written twice. */
export async function createStrategyRecord(owner: StrategyOwner, grpId: string, recordId: string, fields: StrategyRecordFields, now: Date): Promise<StrategyRecordItem> {
  const record: StrategyRecordItem = { record_id: recordId, grp_id: grpId, ...fields, version: 1, created_at: now.toISOString(), updated_at: now.toISOString() };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keyOf(owner, grpId, recordId), entity: 'strategy-record', frch_id: owner.frchId, user_id: owner.userId, ...record },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return record;
}

export async function getStrategyRecord(owner: StrategyOwner, grpId: string, recordId: string): Promise<StrategyRecordItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keyOf(owner, grpId, recordId), ConsistentRead: true }));
  return Item ? strategyRecordItemSchema.parse(Item) : null;
}

/** Every record of the group, newest id first. */
export async function listStrategyRecords(owner: StrategyOwner, grpId: string): Promise<StrategyRecordItem[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': strategyRecordKeys.partition(owner.frchId, owner.userId), ':prefix': strategyRecordKeys.groupPrefix(grpId) },
    ScanIndexForward: false,
  });
  return items.map((item) => strategyRecordItemSchema.parse(item));
}

/** Why a conditional change did not apply. */
export type RecordChangeOutcome = { readonly kind: 'changed'; readonly record: StrategyRecordItem } | { readonly kind: 'missing' } | { readonly kind: 'stale' };

/** Changes a record only at the version the caller read; a missing record and a newer version are told apart by a fresh read. */
export async function updateStrategyRecordAt(
  owner: StrategyOwner,
  grpId: string,
  recordId: string,
  expectedVersion: number,
  fields: StrategyRecordFields,
  now: Date,
): Promise<RecordChangeOutcome> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(owner, grpId, recordId),
        UpdateExpression: 'SET #date = :date, #title = :title, #notes = :notes, #pnl = :pnl, #version = #version + :one, #updated = :now',
        ConditionExpression: 'attribute_exists(PK) AND #version = :expected',
        ExpressionAttributeNames: { '#date': 'date', '#title': 'title', '#notes': 'notes', '#pnl': 'pnl', '#version': 'version', '#updated': 'updated_at' },
        ExpressionAttributeValues: { ':date': fields.date, ':title': fields.title, ':notes': fields.notes, ':pnl': fields.pnl, ':one': 1, ':expected': expectedVersion, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { kind: 'changed', record: strategyRecordItemSchema.parse(Attributes) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getStrategyRecord(owner, grpId, recordId)) ? { kind: 'stale' } : { kind: 'missing' };
  }
}

/** Deletes a record; false when there was none. */
export async function deleteStrategyRecordItem(owner: StrategyOwner, grpId: string, recordId: string): Promise<boolean> {
  try {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(owner, grpId, recordId), ConditionExpression: 'attribute_exists(PK)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
