import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RefundState } from '../../../shared/contracts/payment-refunds';
import { dynamo } from '../../platform/clients';
import { queryPages, tableName, writeIfConditionHolds, type TransactItem } from '../table';
import { paymentKeys, type PaymentOwner } from './payment-keys';
import type { StoredPayment } from './stored-payment';
import { OPEN_REFUND_STATES, parseStoredRefund, type StoredRefund } from './stored-refund';

export interface NewRefund {
  readonly payment: StoredPayment;
  readonly number: number;
  readonly amountPaise: number;
  readonly reason: string;
  readonly requestedBy: number;
  readonly debitKey: string;
  readonly firstCheckAt: Date;
}

const ownerOfPayment = (payment: StoredPayment): PaymentOwner => ({ frchId: payment.frch_id, userId: payment.user_id });
const ownerOfRefund = (refund: StoredRefund): PaymentOwner => ({ frchId: refund.frch_id, userId: refund.user_id });

/** The id PhonePe knows a refund by: `R-<payment id>-<n>` (≤ 63 characters of [A-Za-z0-9_-]). */
export const merchantRefundIdOf = (paymentId: string, number: number) => `R-${paymentId}-${number}`;
/** The merchant refund id's payment and number, or null when it is not one of ours. */
export function refundRefOf(merchantRefundId: string): { paymentId: string; number: number } | null {
  const match = /^R-([0-9A-HJKMNP-TV-Z]{26})-([1-9][0-9]{0,2})$/.exec(merchantRefundId);
  return match?.[1] && match[2] ? { paymentId: match[1], number: Number(match[2]) } : null;
}

/**
 * The refund's items, for the SAME transaction as the wallet's debit (its `alongside` items): the refund
 * (`requested`, due for a status check) and the payment's refund counters, conditioned on the payment as
 * read — still completed, no refund open, the same refund count, and room left for this amount — so two
 * refunds of one payment can never both be taken, nor more than was paid.
 */
export function refundRequestItems(refund: NewRefund, now: Date): TransactItem[] {
  const { payment, number } = refund;
  const at = now.toISOString();
  const due = refund.firstCheckAt.toISOString();
  const owner = ownerOfPayment(payment);
  const item: StoredRefund = {
    entity: 'payment-refund',
    refund_id: `${payment.payment_id}-${number}`,
    number,
    payment_id: payment.payment_id,
    frch_id: payment.frch_id,
    user_id: payment.user_id,
    merchant_order_id: payment.merchant_order_id,
    merchant_refund_id: merchantRefundIdOf(payment.payment_id, number),
    amount_paise: refund.amountPaise,
    reason: refund.reason,
    state: 'requested',
    provider_refund_id: null,
    provider_state: null,
    failure_reason: null,
    requested_by: refund.requestedBy,
    debit_key: refund.debitKey,
    checks: 0,
    last_checked_at: null,
    next_check_at: due,
    completed_at: null,
    createdAt: at,
    updatedAt: at,
  };
  const previousCount = payment.refund_count ?? 0;
  const countCondition = previousCount === 0 ? 'attribute_not_exists(refund_count)' : 'refund_count = :previous';
  const values: Record<string, unknown> = { ':completed': 'completed', ':n': number, ':amount': refund.amountPaise, ':zero': 0, ':room': payment.amount_paise - refund.amountPaise, ':at': at };
  if (previousCount !== 0) values[':previous'] = previousCount;
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...paymentKeys.refund(owner, payment.payment_id, number), ...paymentKeys.refundDueEntry(owner, payment.payment_id, number, due), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: paymentKeys.item(owner, payment.payment_id),
        UpdateExpression: 'SET refund_count = :n, open_refund = :n, refunded_paise = if_not_exists(refunded_paise, :zero) + :amount, updatedAt = :at',
        ConditionExpression: `attribute_exists(PK) AND #state = :completed AND attribute_not_exists(open_refund) AND ${countCondition} AND (attribute_not_exists(refunded_paise) OR refunded_paise <= :room)`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: values,
      },
    },
  ];
}

/** The refund's end, without money moving back (`completed`): the refund and the payment's open mark, together. */
export function refundCompletionItems(refund: StoredRefund, providerState: string, now: Date): TransactItem[] {
  return refundEndItems(refund, 'completed', null, providerState, now, false);
}

/**
 * The refund's end as `failed`, for the SAME transaction as the wallet's credit that gives the money back:
 * the refund closes, and the payment's refunded amount shrinks by it again.
 */
export function refundFailureItems(refund: StoredRefund, reason: string, providerState: string | null, now: Date): TransactItem[] {
  return refundEndItems(refund, 'failed', reason, providerState, now, true);
}

function refundEndItems(refund: StoredRefund, to: 'completed' | 'failed', reason: string | null, providerState: string | null, now: Date, giveBack: boolean): TransactItem[] {
  const at = now.toISOString();
  const owner = ownerOfRefund(refund);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: paymentKeys.refund(owner, refund.payment_id, refund.number),
        UpdateExpression: 'SET #state = :to, failure_reason = :reason, provider_state = :providerState, completed_at = :completedAt, next_check_at = :none, updatedAt = :at REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK) AND #state IN (:requested, :pending)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':to': to,
          ':reason': reason,
          ':providerState': providerState,
          ':completedAt': to === 'completed' ? at : null,
          ':none': null,
          ':at': at,
          ':requested': 'requested',
          ':pending': 'pending',
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: paymentKeys.item(owner, refund.payment_id),
        UpdateExpression: giveBack ? 'SET refunded_paise = refunded_paise - :amount, updatedAt = :at REMOVE open_refund' : 'SET updatedAt = :at REMOVE open_refund',
        ConditionExpression: giveBack ? 'open_refund = :n AND refunded_paise >= :amount' : 'open_refund = :n',
        ExpressionAttributeValues: giveBack ? { ':n': refund.number, ':amount': refund.amount_paise, ':at': at } : { ':n': refund.number, ':at': at },
      },
    },
  ];
}

async function updateOpen(refund: StoredRefund, from: readonly RefundState[], update: string, values: Record<string, unknown>): Promise<boolean> {
  const fromValues = Object.fromEntries(from.map((state, index) => [`:from${index}`, state]));
  return writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: paymentKeys.refund(ownerOfRefund(refund), refund.payment_id, refund.number),
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(PK) AND #state IN (${Object.keys(fromValues).join(', ')})`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ...values, ...fromValues },
      }),
    ),
  );
}

/** PhonePe took the refund: `requested` → `pending` with PhonePe's id. False when it moved on meanwhile. */
export function markRefundAccepted(refund: StoredRefund, providerRefundId: string | null, providerState: string, now: Date): Promise<boolean> {
  return updateOpen(refund, ['requested'], 'SET #state = :pending, provider_refund_id = :refundId, provider_state = :providerState, updatedAt = :at', {
    ':pending': 'pending',
    ':refundId': providerRefundId,
    ':providerState': providerState,
    ':at': now.toISOString(),
  });
}

/** A check that settled nothing: counted, and the next one scheduled (the due entry moves with it). */
export function recordRefundCheck(refund: StoredRefund, providerState: string | null, nextCheckAt: Date, now: Date): Promise<boolean> {
  const due = nextCheckAt.toISOString();
  const entry = paymentKeys.refundDueEntry(ownerOfRefund(refund), refund.payment_id, refund.number, due);
  return updateOpen(
    refund,
    OPEN_REFUND_STATES,
    'SET checks = checks + :one, last_checked_at = :at, next_check_at = :due, provider_state = :providerState, updatedAt = :at, GSI1PK = :gsiPk, GSI1SK = :gsiSk',
    { ':one': 1, ':at': now.toISOString(), ':due': due, ':providerState': providerState, ':gsiPk': entry.GSI1PK, ':gsiSk': entry.GSI1SK },
  );
}

/** One refund of a payment (strongly consistent), or null. */
export async function getRefund(owner: PaymentOwner, paymentId: string, number: number): Promise<StoredRefund | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: paymentKeys.refund(owner, paymentId, number), ConsistentRead: true }));
  return Item ? parseStoredRefund(Item) : null;
}

/** A payment's refunds, oldest first (a payment has a handful at most). */
export async function listRefunds(owner: PaymentOwner, paymentId: string): Promise<StoredRefund[]> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': paymentKeys.partition(owner), ':prefix': paymentKeys.refundPrefix(paymentId) },
      ConsistentRead: true,
    }),
  );
  return (answer.Items ?? []).map(parseStoredRefund);
}

/** Refunds whose next status check is due (at or before `nowIso`), oldest due first. */
export async function* listDueRefunds(nowIso: string): AsyncGenerator<PaymentOwner & { paymentId: string; number: number }> {
  const pages = queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :cutoff',
    ExpressionAttributeValues: { ':pk': paymentKeys.refundsDuePartition, ':cutoff': `${nowIso}~` },
    ProjectionExpression: 'GSI1SK',
  });
  for await (const page of pages) {
    for (const row of page.items) {
      const ref = typeof row.GSI1SK === 'string' ? paymentKeys.refundDueRefOf(row.GSI1SK) : null;
      if (ref) yield ref;
    }
  }
}
