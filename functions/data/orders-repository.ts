import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime } from 'ulid';
import * as z from 'zod';
import { brokerKindSchema } from '../../shared/contracts/broker';
import { orderEventSchema, orderSubmissionSchema } from '../../shared/contracts/orders';
import { instrumentSchema } from '../../shared/domain/instruments';
import { tradingDay } from '../../shared/domain/market-clock';
import { actionSchema, orderOriginSchema, orderTypeSchema, productSchema } from '../../shared/domain/ranges';
import { orderStatusSchema, type OrderStatus } from '../../shared/domain/states';
import { dynamo } from '../platform/clients';
import { BadRequestError } from '../platform/errors';
import { getIdempotencyRecord } from './broker-accounts-repository';
import { decodeCursor, encodeCursor } from './cursor';
import { brokerOrderLookupKeys, idempotencyKeys, orderKeys, userKeys, type ItemKey } from './keys';
import { isConditionFailure, tableName } from './table';

/**
 * Orders in the owner's partition (docs/data-model.md): `ORD#<IST trading day>#<order id>` (ULID ids,
 * so a day's orders sort by time and the day follows from the id), the lookup
 * `BRKORD#<account>#<broker order id>` written with the SUBMITTED step, and the placement's
 * idempotency record (`IDEMP#place-order#<key>`) written with the intent. Every change is conditioned
 * on the version read (`v`) and appends one event to the order's timeline.
 */
export interface OrderOwner {
  readonly frchId: number;
  readonly userId: number;
}

export type OrderSubmission = z.infer<typeof orderSubmissionSchema>;
export type OrderOrigin = z.infer<typeof orderOriginSchema>;

export const storedOrderSchema = z.object({
  order_id: z.string(),
  tag: z.string(),
  broker_id: z.string(),
  broker: brokerKindSchema,
  origin: orderOriginSchema,
  instrument: instrumentSchema,
  transaction_type: actionSchema,
  order_type: orderTypeSchema,
  product: productSchema,
  quantity: z.number(),
  price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  status: orderStatusSchema,
  submission: orderSubmissionSchema,
  broker_order_id: z.string().nullable(),
  reason: z.string().nullable(),
  filled_quantity: z.number(),
  average_price: z.number().nullable(),
  timeline: z.array(orderEventSchema),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredOrder = z.infer<typeof storedOrderSchema>;
export type NewOrder = Omit<StoredOrder, 'timeline' | 'v' | 'createdAt' | 'updatedAt'>;

/** What a change may set on an order. */
export type OrderChanges = Partial<
  Pick<StoredOrder, 'status' | 'submission' | 'reason' | 'filled_quantity' | 'average_price' | 'order_type' | 'quantity' | 'price' | 'trigger_price'>
>;

export const PLACE_ORDER_OPERATION = 'place-order';
/** Idempotency records outlive any client retry (reliability.md §1.2: at least 24 h). */
const IDEMPOTENCY_RETENTION_SECONDS = 7 * 86_400;
const MAX_TRANSACTION_ATTEMPTS = 3;

export interface PlacementKey {
  readonly key: string;
  /** What the request asked, so the same key with another request is refused. */
  readonly fingerprint: string;
}

const partitionOf = (owner: OrderOwner) => userKeys.partition(owner.frchId, owner.userId);

/** The trading day an order id was issued on (its ULID time, read in Asia/Kolkata). */
function dayOfOrderId(orderId: string): string | null {
  try {
    return tradingDay(new Date(decodeTime(orderId)));
  } catch {
    return null;
  }
}

function orderKeyOf(owner: OrderOwner, orderId: string): ItemKey | null {
  const day = dayOfOrderId(orderId);
  return day === null ? null : orderKeys.item(owner.frchId, owner.userId, day, orderId);
}

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** Runs a transaction; answers the indexes of the items whose condition failed (empty when written). */
async function transact(items: TransactItems): Promise<number[]> {
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

function eventOf(status: OrderStatus, submission: OrderSubmission, note: string | null, now: Date) {
  return { at: now.toISOString(), status, submission, note };
}

export type IntentOutcome = { readonly kind: 'written'; readonly order: StoredOrder } | { readonly kind: 'key-used' };

/** The intent: the order as about to be sent, and (with a client key) the idempotency record, in one transaction. */
export async function writeOrderIntent(owner: OrderOwner, order: NewOrder, placementKey: PlacementKey | null, note: string, now: Date): Promise<IntentOutcome> {
  const stamp = now.toISOString();
  const stored: StoredOrder = { ...order, timeline: [eventOf(order.status, order.submission, note, now)], v: 0, createdAt: stamp, updatedAt: stamp };
  const key = orderKeyOf(owner, order.order_id);
  if (key === null) throw new Error(`Order id ${order.order_id} is not a ULID`);
  const orderPut = {
    Put: {
      TableName: tableName(),
      Item: { ...key, entity: 'order', ...stored, script_id: order.instrument.script_id, trading_symbol: order.instrument.trading_symbol, idempotency_key: placementKey?.key ?? null },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const recordPut = placementKey && {
    Put: {
      TableName: tableName(),
      Item: {
        ...idempotencyKeys.item(owner.frchId, owner.userId, PLACE_ORDER_OPERATION, placementKey.key),
        entity: 'idempotency',
        fingerprint: placementKey.fingerprint,
        outcome: { order_id: order.order_id },
        createdAt: stamp,
        expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const failed = await transact(recordPut ? [orderPut, recordPut] : [orderPut]);
  if (failed.includes(1)) return { kind: 'key-used' };
  if (failed.length > 0) throw new Error(`Order id ${order.order_id} already taken`);
  return { kind: 'written', order: stored };
}

const placementOutcomeSchema = z.object({ order_id: z.string() });

/** The first placement under a client key: its fingerprint and order id, or null when the key is new. */
export async function findPlacement(owner: OrderOwner, key: string): Promise<{ readonly fingerprint: string; readonly orderId: string } | null> {
  const record = await getIdempotencyRecord(owner, PLACE_ORDER_OPERATION, key);
  if (!record) return null;
  return { fingerprint: record.fingerprint, orderId: placementOutcomeSchema.parse(record.outcome).order_id };
}

export async function getOrder(owner: OrderOwner, orderId: string): Promise<StoredOrder | null> {
  const key = orderKeyOf(owner, orderId);
  if (key === null) return null;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ? storedOrderSchema.parse(Item) : null;
}

/** The order a broker order id of one of the owner's accounts belongs to. */
export async function getOrderByBrokerOrderId(owner: OrderOwner, accountId: string, brokerOrderId: string): Promise<StoredOrder | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: brokerOrderLookupKeys.item(owner.frchId, owner.userId, accountId, brokerOrderId), ConsistentRead: true }),
  );
  const lookup = z.object({ order_id: z.string() }).safeParse(Item);
  return lookup.success ? getOrder(owner, lookup.data.order_id) : null;
}

function orderUpdateInput(owner: OrderOwner, order: StoredOrder, set: Readonly<Record<string, unknown>>, note: string | null, now: Date) {
  const key = orderKeyOf(owner, order.order_id);
  if (key === null) throw new Error(`Order id ${order.order_id} is not a ULID`);
  const status = orderStatusSchema.parse(set.status ?? order.status);
  const submission = orderSubmissionSchema.parse(set.submission ?? order.submission);
  const names: Record<string, string> = { '#v': 'v', '#timeline': 'timeline', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':expected': order.v, ':one': 1, ':event': [eventOf(status, submission, note, now)], ':now': now.toISOString() };
  const assignments = Object.entries(set).map(([name, value], index) => {
    names[`#s${index}`] = name;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `SET ${[...assignments, '#timeline = list_append(#timeline, :event)', '#updatedAt = :now', '#v = #v + :one'].join(', ')}`,
    ConditionExpression: '#v = :expected',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Applies a change to the order as read; null when the order changed meanwhile (re-read and decide again). */
export async function updateOrder(owner: OrderOwner, order: StoredOrder, changes: OrderChanges, note: string | null, now = new Date()): Promise<StoredOrder | null> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...orderUpdateInput(owner, order, changes, note, now), ReturnValues: 'ALL_NEW' }));
    return storedOrderSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export type SubmittedOutcome = 'written' | 'order-changed' | 'broker-order-taken';

/** SUBMITTED with the broker's order id, and the lookup by that id, in one transaction. */
export async function recordSubmitted(owner: OrderOwner, order: StoredOrder, brokerOrderId: string, note: string, now = new Date()): Promise<SubmittedOutcome> {
  const set = { submission: 'SUBMITTED', broker_order_id: brokerOrderId, reason: null };
  const failed = await transact([
    { Update: orderUpdateInput(owner, order, set, note, now) },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...brokerOrderLookupKeys.item(owner.frchId, owner.userId, order.broker_id, brokerOrderId),
          entity: 'broker-order-lookup',
          order_id: order.order_id,
          createdAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  if (failed.includes(0)) return 'order-changed';
  if (failed.includes(1)) return 'broker-order-taken';
  return 'written';
}

/** Filters of an order listing; days are Asia/Kolkata yyyy-MM-dd, inclusive. */
export interface OrderQuery {
  readonly fromDay: string;
  readonly toDay: string;
  readonly status?: OrderStatus | undefined;
  /** Only these origins (all when absent). */
  readonly origins?: readonly OrderOrigin[] | undefined;
  readonly accountId?: string | undefined;
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
