import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { tableName, writeIfConditionHolds, type TransactItem } from '../table';
import { paymentKeys } from './payment-keys';
import { CREDITABLE_PAYMENT_STATES, OPEN_PAYMENT_STATES, type StoredPayment, type StoredPaymentState } from './stored-payment';

/** `#state IN (:from0, :from1, …)` with its values. */
function stateIn(states: readonly StoredPaymentState[]): { condition: string; values: Record<string, string> } {
  const values = Object.fromEntries(states.map((state, index) => [`:from${index}`, state]));
  return { condition: `#state IN (${Object.keys(values).join(', ')})`, values };
}

const ownerOf = (payment: StoredPayment) => ({ frchId: payment.frch_id, userId: payment.user_id });

async function updateFrom(payment: StoredPayment, from: readonly StoredPaymentState[], update: string, values: Record<string, unknown>): Promise<boolean> {
  const { condition, values: fromValues } = stateIn(from);
  return writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: paymentKeys.item(ownerOf(payment), payment.payment_id),
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(PK) AND ${condition}`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ...values, ...fromValues },
      }),
    ),
  );
}

/**
 * The payment's move to `completed`, to be written in the SAME transaction as the wallet credit (the
 * wallet's `alongside` items): both happen or neither. Refused unless the payment may still be credited.
 */
export function completionItem(payment: StoredPayment, providerState: string, creditKey: string, now: Date): TransactItem {
  const { condition, values } = stateIn(CREDITABLE_PAYMENT_STATES);
  const at = now.toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: paymentKeys.item(ownerOf(payment), payment.payment_id),
      UpdateExpression:
        'SET #state = :completed, provider_state = :providerState, credit_key = :creditKey, credited_at = :at, failure_reason = :none, updatedAt = :at, next_check_at = :none REMOVE GSI1PK, GSI1SK',
      ConditionExpression: `attribute_exists(PK) AND ${condition}`,
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ...values, ':completed': 'completed', ':providerState': providerState, ':creditKey': creditKey, ':at': at, ':none': null },
    },
  };
}

/** PhonePe took the order: `created` → `pending` with its checkout page. False when the payment moved on meanwhile. */
export function markPaymentStarted(
  payment: StoredPayment,
  started: { readonly providerOrderId: string; readonly checkoutUrl: string; readonly providerExpireAt: string | null; readonly providerState: string },
  now: Date,
): Promise<boolean> {
  return updateFrom(
    payment,
    ['created'],
    'SET #state = :pending, provider_order_id = :orderId, checkout_url = :checkoutUrl, provider_expire_at = :expireAt, provider_state = :providerState, updatedAt = :at',
    {
      ':pending': 'pending',
      ':orderId': started.providerOrderId,
      ':checkoutUrl': started.checkoutUrl,
      ':expireAt': started.providerExpireAt,
      ':providerState': started.providerState,
      ':at': now.toISOString(),
    },
  );
}

/** Which states each closing move starts from: a `review` may also follow a payment we stopped polling. */
const CLOSING_FROM: Readonly<Record<'failed' | 'expired' | 'review', readonly StoredPaymentState[]>> = {
  failed: OPEN_PAYMENT_STATES,
  expired: OPEN_PAYMENT_STATES,
  review: CREDITABLE_PAYMENT_STATES,
};

/** Ends a payment without credit, once: true only for the call that moved it (an alert follows only that one). */
export function closePayment(payment: StoredPayment, to: 'failed' | 'expired' | 'review', reason: string, providerState: string | null, now: Date): Promise<boolean> {
  return updateFrom(
    payment,
    CLOSING_FROM[to],
    'SET #state = :to, failure_reason = :reason, provider_state = :providerState, updatedAt = :at, next_check_at = :none REMOVE GSI1PK, GSI1SK',
    { ':to': to, ':reason': reason, ':providerState': providerState, ':at': now.toISOString(), ':none': null },
  );
}

/** A status check that settled nothing: counted, and the next one scheduled (the pending entry moves with it). */
export function recordPaymentCheck(payment: StoredPayment, providerState: string | null, nextCheckAt: Date, now: Date): Promise<boolean> {
  const due = nextCheckAt.toISOString();
  const entry = paymentKeys.pendingEntry(ownerOf(payment), payment.payment_id, due);
  return updateFrom(
    payment,
    OPEN_PAYMENT_STATES,
    'SET checks = checks + :one, last_checked_at = :at, next_check_at = :due, provider_state = :providerState, updatedAt = :at, GSI1PK = :gsiPk, GSI1SK = :gsiSk',
    { ':one': 1, ':at': now.toISOString(), ':due': due, ':providerState': providerState, ':gsiPk': entry.GSI1PK, ':gsiSk': entry.GSI1SK },
  );
}

/** A check outside the schedule (webhook, status read) that settled nothing: noted, the schedule's back-off left as it is. */
export function notePaymentCheck(payment: StoredPayment, providerState: string | null, now: Date): Promise<boolean> {
  return updateFrom(payment, OPEN_PAYMENT_STATES, 'SET last_checked_at = :at, provider_state = :providerState, updatedAt = :at', {
    ':at': now.toISOString(),
    ':providerState': providerState,
  });
}
