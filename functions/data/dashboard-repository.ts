import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { BROKER_STATUSES, ORDER_STATUSES, type BrokerStatus, type OrderStatus } from '../../shared/domain/states';
import { dynamo } from '../platform/clients';
import { brokerAccountKeys, orderKeys, userKeys } from './keys';
import { tableName } from './table';

/** Every page of a query inside the user's partition, reading only what the counts need. */
async function queryAllPages(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<{ items: Record<string, unknown>[]; count: number }> {
  const items: Record<string, unknown>[] = [];
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { items, count };
}

function countByStatus<S extends string>(statuses: readonly S[], items: readonly Record<string, unknown>[]): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const item of items) {
    const status = statuses.find((known) => known === item.status);
    if (status) counts[status] += 1;
  }
  return counts;
}

function statusesUnder(frchId: number, userId: number, prefix: string) {
  return queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: '#status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': userKeys.partition(frchId, userId), ':prefix': prefix },
  });
}

export async function countBrokerAccountsByStatus(frchId: number, userId: number): Promise<Record<BrokerStatus, number>> {
  const { items } = await statusesUnder(frchId, userId, brokerAccountKeys.prefix);
  return countByStatus(BROKER_STATUSES, items);
}

/** Orders of one trading day (Asia/Kolkata yyyy-MM-dd), by status. */
export async function countOrdersByStatus(frchId: number, userId: number, tradingDay: string): Promise<Record<OrderStatus, number>> {
  const { items } = await statusesUnder(frchId, userId, orderKeys.dayPrefix(tradingDay));
  return countByStatus(ORDER_STATUSES, items);
}
