import * as z from 'zod';
import { REFUND_STATES, type RefundState } from '../../../shared/contracts/payment-refunds';

/** States whose refund PhonePe has not settled yet (the schedule keeps asking). */
export const OPEN_REFUND_STATES: readonly RefundState[] = ['requested', 'pending'];

/**
 * A refund as stored, in the paying user's partition. `requested` is written in the transaction that
 * debits the wallet, before PhonePe is asked; `pending` once PhonePe took it; `completed` or `failed`
 * (with the credit put back in the same transaction) when PhonePe settles it.
 */
export const storedRefundSchema = z.object({
  entity: z.literal('payment-refund'),
  refund_id: z.string(),
  number: z.number().int().positive(),
  payment_id: z.string(),
  frch_id: z.number().int(),
  user_id: z.number().int(),
  merchant_order_id: z.string(),
  merchant_refund_id: z.string(),
  amount_paise: z.number().int().positive(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  provider_refund_id: z.string().nullable(),
  provider_state: z.string().nullable(),
  failure_reason: z.string().nullable(),
  requested_by: z.number().int(),
  /** The wallet debit's idempotency key (the reversal's is derived from the refund too). */
  debit_key: z.string(),
  checks: z.number().int(),
  last_checked_at: z.string().nullable(),
  next_check_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredRefund = z.infer<typeof storedRefundSchema>;

export function parseStoredRefund(item: Record<string, unknown>): StoredRefund {
  return storedRefundSchema.parse(item);
}
