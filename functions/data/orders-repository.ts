import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime } from 'ulid';
import * as z from 'zod';
import { brokerKindSchema } from '../../shared/contracts/broker';
import { orderEventSchema, orderSubmissionSchema } from '../../shared/contracts/orders';
import { instrumentSchema } from '../../shared/domain/instruments';
import { tradingDay } from '../../shared/domain/market-clock';
import { actionSchema, orderOriginSchema, orderTypeSchema, productSchema } from '../../shared/domain/ranges';
import { orderStatusSchema, type OrderStatus } from '../../shared/domain/states';
import { countsForNewOrder, countsForOrderChange } from './order-counters';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { BadRequestError } from '../platform/errors';
import { getIdempotencyRecord } from './broker-accounts-repository';
import { linkedOrderCountsUpdate, type GroupOrderCountsDelta } from './groups-repository';
import { decodeCursor, encodeCursor } from './cursor';
import { brokerOrderLookupKeys, idempotencyKeys, orderKeys, userKeys, type ItemKey } from './keys';
import { transact } from './shared-transactions';
import { isConditionFailure, tableName, type TransactItem } from './table';

/**
 * Orders in the owner's partition (docs/data-model.md): `ORD#<IST trading day>#<order id>` (ULID ids,
 * so a day's orders sort by time and the day follows from the id), the lookup
 * `BRKORD#<account>#<broker order id>` written with the SUBMITTED step, and the placement's
 * idempotency record (`IDEMP#place-order#<key>`) written with the intent. Every change is conditioned
 * on the version read (`v`) and appends one event to the order's timeline.
 *
 * An order of a copy-trading group (`grp_id` set) is counted on its group: its intent and every change
 * of its status or quantity carry the group's counter update in the same transaction, here, where
 * every order write passes, so no caller can write an order without its counts.
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
  /** Copy trading: the group the order belongs to, its child (null: the master's order) and the group order that placed it (null: a square-off). */
  grp_id: z.string().nullable().default(null),
  grp_broker_id: z.string().nullable().default(null),
  group_order_id: z.string().nullable().default(null),
  timeline: z.array(orderEventSchema),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredOrder = z.infer<typeof storedOrderSchema>;
/** The group an order belongs to (copy trading); absent on every other order. */
export type OrderGroupLink = Pick<StoredOrder, 'grp_id' | 'grp_broker_id' | 'group_order_id'>;
export type NewOrder = Omit<StoredOrder, 'timeline' | 'v' | 'createdAt' | 'updatedAt' | keyof OrderGroupLink> & Partial<OrderGroupLink>;

/** What a change may set on an order. */
export type OrderChanges = Partial<
  Pick<StoredOrder, 'status' | 'submission' | 'reason' | 'filled_quantity' | 'average_price' | 'order_type' | 'quantity' | 'price' | 'trigger_price'>
>;

export const PLACE_ORDER_OPERATION = 'place-order';
/** Idempotency records outlive any client retry (reliability.md §1.2: at least 24 h). */
const IDEMPOTENCY_RETENTION_SECONDS = 7 * 86_400;

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



function eventOf(status: OrderStatus, submission: OrderSubmission, note: string | null, now: Date) {
  return { at: now.toISOString(), status, submission, note };
}

export type IntentOutcome =
  | { readonly kind: 'written'; readonly order: StoredOrder }
  | { readonly kind: 'key-used' }
  /** A group's order whose child (or group) is gone: nothing was written. */
  | { readonly kind: 'group-gone' }
  /** The companion write's condition did not hold: nothing was written. */
  | { readonly kind: 'companion-refused' };

/** The counter update a group's order carries in its transaction, or none. */
function countsOf(owner: OrderOwner, order: StoredOrder, delta: GroupOrderCountsDelta | null, now: Date) {
  if (order.grp_id === null || delta === null) return [];
  return [linkedOrderCountsUpdate(owner, { grp_id: order.grp_id, grp_broker_id: order.grp_broker_id }, delta, now)];
}

/** The intent: the order as about to be sent, (with a client key) the idempotency record and (for a group's order) its counts, in one transaction. */
export async function writeOrderIntent(
  owner: OrderOwner,
  order: NewOrder,
  placementKey: PlacementKey | null,
  note: string,
  now: Date,
  /** Written in the same transaction (last); its condition failing writes nothing: 'companion-refused'. */
  companion: TransactItem | null = null,
): Promise<IntentOutcome> {
  const stamp = now.toISOString();
  const stored: StoredOrder = {
    ...order,
    grp_id: order.grp_id ?? null,
    grp_broker_id: order.grp_broker_id ?? null,
    group_order_id: order.group_order_id ?? null,
    timeline: [eventOf(order.status, order.submission, note, now)],
    v: 0,
    createdAt: stamp,
    updatedAt: stamp,
  };
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
  const items = [orderPut, ...(recordPut ? [recordPut] : []), ...countsOf(owner, stored, countsForNewOrder(stored.status, stored.quantity), now), ...(companion ? [companion] : [])];
  const failed = await transact(items);
  if (companion && failed.includes(items.length - 1)) return { kind: 'companion-refused' };
  if (recordPut && failed.includes(1)) return { kind: 'key-used' };
  if (failed.includes(0)) throw new Error(`Order id ${order.order_id} already taken`);
  if (failed.length > 0) return { kind: 'group-gone' };
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

/** The order as a change leaves it, as the conditional update writes it. */
function changedOrder(order: StoredOrder, changes: OrderChanges & Partial<Pick<StoredOrder, 'broker_order_id'>>, note: string | null, now: Date): StoredOrder {
  const next = { ...order, ...changes };
  return storedOrderSchema.parse({ ...next, timeline: [...order.timeline, eventOf(next.status, next.submission, note, now)], v: order.v + 1, updatedAt: now.toISOString() });
}

/**
 * Applies a change to the order as read; null when the order changed meanwhile (re-read and decide
 * again). A group's order whose status or quantity changes moves its group's counters in the same
 * transaction; a counter that would not follow (its item gone, or below zero) is a broken invariant.
 */
export async function updateOrder(owner: OrderOwner, order: StoredOrder, changes: OrderChanges, note: string | null, now = clockNow()): Promise<StoredOrder | null> {
  const after = { status: changes.status ?? order.status, quantity: changes.quantity ?? order.quantity };
  const counts = countsOf(owner, order, countsForOrderChange(order, after), now);
  if (counts.length > 0) {
    const failed = await transact([{ Update: orderUpdateInput(owner, order, changes, note, now) }, ...counts]);
    if (failed.includes(0)) return null;
    if (failed.length > 0) throw new Error(`Group ${order.grp_id} counters refused the change of order ${order.order_id}`);
    return changedOrder(order, changes, note, now);
  }
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...orderUpdateInput(owner, order, changes, note, now), ReturnValues: 'ALL_NEW' }));
    return storedOrderSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export type SubmittedOutcome = { readonly kind: 'written'; readonly order: StoredOrder } | { readonly kind: 'order-changed' } | { readonly kind: 'broker-order-taken' };

/** SUBMITTED with the broker's order id, and the lookup by that id, in one transaction; `written` answers the order as written. */
export async function recordSubmitted(owner: OrderOwner, order: StoredOrder, brokerOrderId: string, note: string, now = clockNow()): Promise<SubmittedOutcome> {
  const set = { submission: 'SUBMITTED' as const, broker_order_id: brokerOrderId, reason: null };
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
  if (failed.includes(0)) return { kind: 'order-changed' };
  if (failed.includes(1)) return { kind: 'broker-order-taken' };
  return { kind: 'written', order: changedOrder(order, set, note, now) };
}

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
