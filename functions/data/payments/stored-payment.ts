import * as z from 'zod';

/**
 * A payment as stored. `created` is written before PhonePe is asked (so a crash leaves a record the
 * reconciliation settles); `pending` once PhonePe took the order; `completed` in the transaction that
 * credits the wallet; `failed`, `expired` (PhonePe said so, or never confirmed in time) and `review`
 * (PhonePe reported another amount) credit nothing.
 */
export const STORED_PAYMENT_STATES = ['created', 'pending', 'completed', 'failed', 'expired', 'review'] as const;
export type StoredPaymentState = (typeof STORED_PAYMENT_STATES)[number];

/** States from which PhonePe's COMPLETED still credits the wallet (an `expired` one only ran out of our patience). */
export const CREDITABLE_PAYMENT_STATES: readonly StoredPaymentState[] = ['created', 'pending', 'expired'];
/** States the reconciliation keeps asking about. */
export const OPEN_PAYMENT_STATES: readonly StoredPaymentState[] = ['created', 'pending'];

export const storedPaymentSchema = z.object({
  entity: z.literal('payment'),
  payment_id: z.string(),
  frch_id: z.number().int(),
  user_id: z.number().int(),
  method: z.literal('PHONEPE'),
  amount_paise: z.number().int().positive(),
  merchant_order_id: z.string(),
  state: z.enum(STORED_PAYMENT_STATES),
  provider_order_id: z.string().nullable(),
  checkout_url: z.string().nullable(),
  provider_expire_at: z.string().nullable(),
  /** The last order state PhonePe's status call answered. */
  provider_state: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** Status calls made so far (the reconciliation's back-off grows with them). */
  checks: z.number().int(),
  last_checked_at: z.string().nullable(),
  next_check_at: z.string().nullable(),
  /** After this the payment is no longer polled (it turns `expired`; a late confirmation still credits). */
  give_up_at: z.string(),
  /** The wallet movement's idempotency key, set in the crediting transaction. */
  credit_key: z.string().nullable(),
  credited_at: z.string().nullable(),
  /** Paise given back through refunds requested so far (in flight or done; a failed refund's come back). Absent: none. */
  refunded_paise: z.number().int().nonnegative().optional(),
  /** Refunds requested so far: the next one is number `refund_count + 1` (one at a time per payment). */
  refund_count: z.number().int().nonnegative().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredPayment = z.infer<typeof storedPaymentSchema>;

export function parseStoredPayment(item: Record<string, unknown>): StoredPayment {
  return storedPaymentSchema.parse(item);
}
