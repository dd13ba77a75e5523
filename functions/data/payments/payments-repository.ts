import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { decodeCursor, encodeCursor } from '../cursor';
import { queryPages, tableName } from '../table';
import { paymentKeys, PENDING_PAYMENT_SHARDS, type PaymentOwner } from './payment-keys';
import { parseStoredPayment, type StoredPayment } from './stored-payment';

export interface NewPayment {
  readonly owner: PaymentOwner;
  readonly paymentId: string;
  readonly merchantOrderId: string;
  readonly amountPaise: number;
  readonly firstCheckAt: Date;
  readonly giveUpAt: Date;
}

/**
 * Writes a new payment (`created`, due for its first status check) and its merchant-order lookup in one
 * transaction; both must be new.
 */
export async function createPayment(payment: NewPayment, now: Date): Promise<StoredPayment> {
  const at = now.toISOString();
  const nextCheck = payment.firstCheckAt.toISOString();
  const item: StoredPayment = {
    entity: 'payment',
    payment_id: payment.paymentId,
    frch_id: payment.owner.frchId,
    user_id: payment.owner.userId,
    method: 'PHONEPE',
    amount_paise: payment.amountPaise,
    merchant_order_id: payment.merchantOrderId,
    state: 'created',
    provider_order_id: null,
    checkout_url: null,
    provider_expire_at: null,
    provider_state: null,
    failure_reason: null,
    checks: 0,
    last_checked_at: null,
    next_check_at: nextCheck,
    give_up_at: payment.giveUpAt.toISOString(),
    credit_key: null,
    credited_at: null,
    createdAt: at,
    updatedAt: at,
  };
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...paymentKeys.item(payment.owner, payment.paymentId),
              ...paymentKeys.pendingEntry(payment.owner, payment.paymentId, nextCheck),
              ...paymentKeys.franchiseListing(payment.owner.frchId, at, payment.paymentId),
              ...item,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...paymentKeys.orderLookup(payment.owner.frchId, payment.merchantOrderId),
              entity: 'payment-order-lookup',
              user_id: payment.owner.userId,
              payment_id: payment.paymentId,
              createdAt: at,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
    }),
  );
  return item;
}

/** One of the owner's payments (a strongly consistent read), or null. */
export async function getPayment(owner: PaymentOwner, paymentId: string): Promise<StoredPayment | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: paymentKeys.item(owner, paymentId), ConsistentRead: true }));
  return Item ? parseStoredPayment(Item) : null;
}

const lookupSchema = z.object({ user_id: z.number().int(), payment_id: z.string() });

/** The franchise's payment PhonePe knows by this merchant order id, or null. */
export async function findPaymentByMerchantOrder(frchId: number, merchantOrderId: string): Promise<StoredPayment | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: paymentKeys.orderLookup(frchId, merchantOrderId), ConsistentRead: true }));
  if (!Item) return null;
  const lookup = lookupSchema.parse(Item);
  return getPayment({ frchId, userId: lookup.user_id }, lookup.payment_id);
}

/** The owner's payments, newest first, one page at a time. */
export async function listPayments(owner: PaymentOwner, page: { limit: number; cursor?: string | undefined }): Promise<{ items: StoredPayment[]; nextCursor: string | null }> {
  const partition = paymentKeys.partition(owner);
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': paymentKeys.prefix },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, partition),
    }),
  );
  return { items: (answer.Items ?? []).map(parseStoredPayment), nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}

/** A pending entry that is due: whose payment, to be read again before anything is done. */
export type DuePaymentRef = PaymentOwner & { readonly paymentId: string };

/** Payments whose next status check is due (at or before `nowIso`), every shard, oldest due first per shard. */
export async function* listDuePayments(nowIso: string): AsyncGenerator<DuePaymentRef> {
  for (let shard = 0; shard < PENDING_PAYMENT_SHARDS; shard += 1) {
    const pages = queryPages({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :cutoff',
      ExpressionAttributeValues: { ':pk': paymentKeys.pendingPartition(shard), ':cutoff': `${nowIso}~` },
      ProjectionExpression: 'GSI1SK',
    });
    for await (const page of pages) {
      for (const row of page.items) {
        const ref = typeof row.GSI1SK === 'string' ? paymentKeys.pendingRefOf(row.GSI1SK) : null;
        if (ref) yield ref;
      }
    }
  }
}
