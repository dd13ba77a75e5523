import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import type { ItemKey } from './keys';

export function tableName(): string {
  return config().tableName;
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

export function isTransactionConflict(error: unknown): boolean {
  return error instanceof Error && error.name === 'TransactionCanceledException';
}

export function nowIso(now = clockNow()): string {
  return now.toISOString();
}

/** Runs a conditional write: true when it happened, false when its condition did not hold. */
export async function writeIfConditionHolds(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One Query of the table, as a repository states it: key condition, index, filter and read consistency. */
export type TableQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Runs a Query page after page, following `LastEvaluatedKey`: each page's items (and count) as read. */
export async function* queryPages(query: TableQuery): AsyncGenerator<{ readonly items: Record<string, unknown>[]; readonly count: number }> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: tableName(), ...query, ExclusiveStartKey: startKey }));
    yield { items: page.Items ?? [], count: page.Count ?? 0 };
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Every item a Query matches, in the order read, page after page.
 * With `limit`, it stops reading once that many items are in and answers the first `limit` of them.
 */
export async function queryAllPages(query: TableQuery, limit?: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(query)) {
    items.push(...page.items);
    if (limit !== undefined && items.length >= limit) break;
  }
  return limit === undefined ? items : items.slice(0, limit);
}

/** How many items a Query matches (a `Select: 'COUNT'` over every page). */
export async function countAllPages(query: Omit<TableQuery, 'Select'>): Promise<number> {
  let count = 0;
  for await (const page of queryPages({ ...query, Select: 'COUNT' })) count += page.count;
  return count;
}

export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
export type TransactItem = TransactItems[number];

/** Transactions touching the same item (a counter) can collide with a concurrent one: they are tried again. */
const MAX_TRANSACTION_ATTEMPTS = 3;

/**
 * Runs one transaction; answers the indexes of the items whose condition failed (empty when written).
 * A conflict with a concurrent transaction is retried, never reported as a failed condition.
 */
export async function transactReportingFailedConditions(items: TransactItems): Promise<number[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return [];
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
      const failed = codes.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length > 0) return failed;
      if (!codes.includes('TransactionConflict') || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error;
    }
  }
}

/** Runs one transaction: true when written, false when one of its conditions did not hold. */
export async function transactIfConditionsHold(items: TransactItems): Promise<boolean> {
  return (await transactReportingFailedConditions(items)).length === 0;
}

/** `SET` assignments for plain attributes (plus `updatedAt`), with the names and values they use. */
export function assignmentsOf(set: Readonly<Record<string, unknown>>, now: Date) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const assignments = Object.entries({ ...set, updatedAt: now.toISOString() }).map(([name, value], index) => {
    names[`#s${index}`] = name;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  return { assignments, names, values };
}

/**
 * Sets plain attributes (and `updatedAt`) of an item that exists; its new attributes, or null when it
 * is gone. The one shape of every "change these settings" write.
 */
export async function setIfExists(key: ItemKey, set: Readonly<Record<string, unknown>>, now: Date): Promise<Record<string, unknown> | null> {
  const { assignments, names, values } = assignmentsOf(set, now);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
