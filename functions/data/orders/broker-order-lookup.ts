import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { brokerOrderLookupKeys } from '../keys';
import { transact } from '../shared-transactions';
import { tableName } from '../table';
import { countsForOrderChange } from '../order-counters';
import { changedOrder, countsOf, getOrder, orderUpdateInput, type OrderChanges, type OrderOwner, type StoredOrder } from './order';

/**
 * The broker-order lookup, `BRKORD#<account>#<broker order id>` in the owner's partition: written once,
 * in the same transaction that records the order as SUBMITTED, so one broker order names at most one order.
 */

/** The order a broker order id of one of the owner's accounts belongs to. */
export async function getOrderByBrokerOrderId(owner: OrderOwner, accountId: string, brokerOrderId: string): Promise<StoredOrder | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: brokerOrderLookupKeys.item(owner.frchId, owner.userId, accountId, brokerOrderId), ConsistentRead: true }),
  );
  const lookup = z.object({ order_id: z.string() }).safeParse(Item);
  return lookup.success ? getOrder(owner, lookup.data.order_id) : null;
}

export type SubmittedOutcome = { readonly kind: 'written'; readonly order: StoredOrder } | { readonly kind: 'order-changed' } | { readonly kind: 'broker-order-taken' };

/**
 * SUBMITTED with the broker's order id, and the lookup by that id, in one transaction; `written`
 * answers the order as written. `view` is what the broker's answer already said of the order (a fill):
 * it is recorded in the same write, with the group's counters when the status moves.
 */
export async function recordSubmitted(
  owner: OrderOwner,
  order: StoredOrder,
  brokerOrderId: string,
  note: string,
  now = clockNow(),
  view: OrderChanges = {},
): Promise<SubmittedOutcome> {
  const set = { reason: null, ...view, submission: 'SUBMITTED' as const, broker_order_id: brokerOrderId };
  const counts = countsOf(owner, order, countsForOrderChange(order, { status: set.status ?? order.status, quantity: order.quantity }), now);
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
    ...counts,
  ]);
  if (failed.includes(0)) return { kind: 'order-changed' };
  if (failed.includes(1)) return { kind: 'broker-order-taken' };
  if (failed.length > 0) throw new Error(`Group ${order.grp_id} counters refused the change of order ${order.order_id}`);
  return { kind: 'written', order: changedOrder(order, set, note, now) };
}
