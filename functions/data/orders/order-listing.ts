import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus } from '../../../shared/domain/states';
import { dynamo } from '../../platform/clients';
import { BadRequestError } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../cursor';
import { orderKeys, userKeys } from '../keys';
import { tableName } from '../table';
import { storedOrderSchema, type OrderOrigin, type OrderOwner, type StoredOrder } from './order';

/**
 * Listings of the owner's orders (`ORD#<trading day>#<order id>`), newest first: one page between two
 * trading days under filters, with a cursor, or every order of one account on one day. Read only.
 */

const partitionOf = (owner: OrderOwner) => userKeys.partition(owner.frchId, owner.userId);

/** Filters of an order listing; days are Asia/Kolkata yyyy-MM-dd, inclusive. */
export interface OrderQuery {
  readonly fromDay: string;
  readonly toDay: string;
  readonly status?: OrderStatus | undefined;
  /** Only these origins (all when absent). */
  readonly origins?: readonly OrderOrigin[] | undefined;
  readonly accountId?: string | undefined;
  /** Only orders of copy-trading groups: of any group (true), of this group, or of this group order. */
  readonly ofGroups?: boolean | undefined;
  readonly groupId?: string | undefined;
  readonly groupOrderId?: string | undefined;
  /** Part of the trading symbol, upper case. */
  readonly symbol?: string | undefined;
  readonly limit: number;
  readonly cursor?: string | undefined;
}

/** How many items one query reads at most, and how many reads one page may take, when filters skip items. */
const READ_BATCH = 200;
const MAX_READS_PER_PAGE = 10;

function filterOf(query: OrderQuery) {
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': 'order' };
  const tests = ['#entity = :entity'];
  if (query.status) {
    names['#status'] = 'status';
    values[':status'] = query.status;
    tests.push('#status = :status');
  }
  if (query.origins) {
    names['#origin'] = 'origin';
    const placeholders = query.origins.map((origin, index) => {
      values[`:origin${index}`] = origin;
      return `:origin${index}`;
    });
    tests.push(`#origin IN (${placeholders.join(', ')})`);
  }
  if (query.accountId) {
    names['#account'] = 'broker_id';
    values[':account'] = query.accountId;
    tests.push('#account = :account');
  }
  if (query.ofGroups) {
    names['#group'] = 'grp_id';
    values[':string'] = 'S';
    tests.push('attribute_type(#group, :string)');
  }
  if (query.groupId) {
    names['#group'] = 'grp_id';
    values[':group'] = query.groupId;
    tests.push('#group = :group');
  }
  if (query.groupOrderId) {
    names['#groupOrder'] = 'group_order_id';
    values[':groupOrder'] = query.groupOrderId;
    tests.push('#groupOrder = :groupOrder');
  }
  if (query.symbol) {
    names['#symbol'] = 'trading_symbol';
    values[':symbol'] = query.symbol;
    tests.push('contains(#symbol, :symbol)');
  }
  return { FilterExpression: tests.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** One page of the owner's orders between two trading days, newest first. */
export async function listOrders(owner: OrderOwner, query: OrderQuery): Promise<{ orders: StoredOrder[]; nextCursor: string | null }> {
  const partition = partitionOf(owner);
  const from = orderKeys.dayPrefix(query.fromDay);
  const to = `${orderKeys.dayPrefix(query.toDay)}~`;
  let startKey: Record<string, unknown> | undefined = decodeCursor(query.cursor, partition);
  if (startKey && !(typeof startKey.SK === 'string' && startKey.SK >= from && startKey.SK <= to)) throw new BadRequestError('Invalid page cursor');
  if (query.origins?.length === 0) return { orders: [], nextCursor: null };
  const filter = filterOf(query);
  const found: Record<string, unknown>[] = [];
  for (let read = 0; read < MAX_READS_PER_PAGE; read += 1) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ...filter,
        ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':pk': partition, ':from': from, ':to': to },
        ScanIndexForward: false,
        Limit: READ_BATCH,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
    if (found.length >= query.limit || !startKey) break;
  }
  const items = found.slice(0, query.limit);
  const last = items.at(-1);
  const cutShort = found.length > query.limit && last !== undefined;
  const nextKey = cutShort ? { PK: last.PK, SK: last.SK } : startKey;
  return { orders: items.map((item) => storedOrderSchema.parse(item)), nextCursor: encodeCursor(nextKey) };
}

const DAY_LISTING_PAGE = 200;

/** Every order of one account on one trading day (all pages): what a read of that account's book is matched against. */
export async function listAccountOrdersOfDay(owner: OrderOwner, accountId: string, day: string): Promise<StoredOrder[]> {
  const orders: StoredOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders(owner, { fromDay: day, toDay: day, accountId, limit: DAY_LISTING_PAGE, cursor });
    orders.push(...page.orders);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return orders;
}
