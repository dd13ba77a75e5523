import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime } from 'ulid';
import * as z from 'zod';
import { brokerKindSchema } from '../../../shared/contracts/broker';
import { orderEventSchema, orderSubmissionSchema } from '../../../shared/contracts/orders';
import { instrumentSchema } from '../../../shared/domain/instruments';
import { tradingDay } from '../../../shared/domain/market-clock';
import { actionSchema, orderOriginSchema, orderTypeSchema, productSchema } from '../../../shared/domain/ranges';
import { orderStatusSchema, type OrderStatus } from '../../../shared/domain/states';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { linkedOrderCountsUpdate, type GroupOrderCountsDelta } from '../groups/group-order-counts';
import { orderKeys, type ItemKey } from '../keys';
import { countsForOrderChange } from '../order-counters';
import { transact } from '../shared-transactions';
import { isConditionFailure, tableName } from '../table';

/**
 * Orders in the owner's partition (docs/data-model.md): `ORD#<IST trading day>#<order id>` (ULID ids,
 * so a day's orders sort by time and the day follows from the id), the lookup
 * `BRKORD#<account>#<broker order id>` written with the SUBMITTED step (broker-order-lookup.ts), and the
 * placement's idempotency record (`IDEMP#place-order#<key>`) written with the intent (order-placement.ts).
 * Every change is conditioned
 * on the version read (`v`) and appends one event to the order's timeline.
 *
 * An order of a copy-trading group (`grp_id` set) is counted on its group: its intent and every change
 * of its status or quantity carry the group's counter update in the same transaction, in the
 * writes of this folder, where every order write passes, so no caller can write an order without its counts.
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
  /** A group strategy's subscriber order: the strategy owner's user id, whose partition holds the group (null: the order's own partition). */
  grp_owner_id: z.number().int().nullable().default(null),
  /** A subscriber's order: the strategy's name when it was placed (the subscriber does not own the group to name it). */
  strategy_name: z.string().nullable().default(null),
  timeline: z.array(orderEventSchema),
  v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredOrder = z.infer<typeof storedOrderSchema>;
/** The group an order belongs to (copy trading); absent on every other order. */
export type OrderGroupLink = Pick<StoredOrder, 'grp_id' | 'grp_broker_id' | 'group_order_id'> & Partial<Pick<StoredOrder, 'grp_owner_id' | 'strategy_name'>>;
export type NewOrder = Omit<StoredOrder, 'timeline' | 'v' | 'createdAt' | 'updatedAt' | keyof OrderGroupLink> & Partial<OrderGroupLink>;

/** What a change may set on an order. */
export type OrderChanges = Partial<
  Pick<StoredOrder, 'status' | 'submission' | 'reason' | 'filled_quantity' | 'average_price' | 'order_type' | 'quantity' | 'price' | 'trigger_price'>
>;

/** The trading day an order id was issued on (its ULID time, read in Asia/Kolkata). */
function dayOfOrderId(orderId: string): string | null {
  try {
    return tradingDay(new Date(decodeTime(orderId)));
  } catch {
    return null;
  }
}

export function orderKeyOf(owner: OrderOwner, orderId: string): ItemKey | null {
  const day = dayOfOrderId(orderId);
  return day === null ? null : orderKeys.item(owner.frchId, owner.userId, day, orderId);
}

export function eventOf(status: OrderStatus, submission: OrderSubmission, note: string | null, now: Date) {
  return { at: now.toISOString(), status, submission, note };
}

/** The counter update a group's order carries in its transaction, or none. */
export function countsOf(owner: OrderOwner, order: StoredOrder, delta: GroupOrderCountsDelta | null, now: Date) {
  if (order.grp_id === null || delta === null) return [];
  // A subscriber's order of a group strategy counts where the group lives: in its owner's partition.
  const groupOwner = order.grp_owner_id === null ? owner : { frchId: owner.frchId, userId: order.grp_owner_id };
  return [linkedOrderCountsUpdate(groupOwner, { grp_id: order.grp_id, grp_broker_id: order.grp_broker_id }, delta, now)];
}

export async function getOrder(owner: OrderOwner, orderId: string): Promise<StoredOrder | null> {
  const key = orderKeyOf(owner, orderId);
  if (key === null) return null;
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ? storedOrderSchema.parse(Item) : null;
}

export function orderUpdateInput(owner: OrderOwner, order: StoredOrder, set: Readonly<Record<string, unknown>>, note: string | null, now: Date) {
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
export function changedOrder(order: StoredOrder, changes: OrderChanges & Partial<Pick<StoredOrder, 'broker_order_id'>>, note: string | null, now: Date): StoredOrder {
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
