import * as z from 'zod';
import { defineCall } from './define-call';
import { paymentIdField, rupeeAmountField } from './payments';

/**
 * Refunds of PhonePe payments (issue 17, `/transaction`): the broker panel gives a completed payment's
 * money back to the instrument it came from (PhonePe's refund API). The user's wallet is debited first, in
 * the same transaction that records the refund, so credit already spent cannot be refunded; a refund
 * PhonePe fails puts the credit back once.
 */

/**
 * `requested`: the wallet is debited, PhonePe has not yet confirmed it took the refund; `pending`: PhonePe
 * took it; `completed`: PhonePe paid it back; `failed`: PhonePe refused or failed it, the credit is back in
 * the wallet.
 */
export const REFUND_STATES = ['requested', 'pending', 'completed', 'failed'] as const;

/** PhonePe's smallest refund (reference §1.7): ₹1. */
export const MIN_REFUND_PAISE = 100;
export const refundStateSchema = z.enum(REFUND_STATES);
export type RefundState = z.infer<typeof refundStateSchema>;

export const REFUND_STATE_LABELS: Readonly<Record<RefundState, string>> = {
  requested: 'Refund requested',
  pending: 'Refund in progress',
  completed: 'Refunded',
  failed: 'Refund failed (credit returned)',
};

export const refundSchema = z.object({
  /** `<payment id>-<n>`: the payment's n-th refund. */
  refund_id: z.string(),
  payment_id: z.string(),
  /** The id PhonePe knows the refund by. */
  merchant_refund_id: z.string(),
  merchant_order_id: z.string(),
  user_id: z.number().int(),
  amount: z.number(),
  amount_paise: z.number().int(),
  state: refundStateSchema,
  state_text: z.string(),
  /** Why the broker panel refunded (the user reads it in the ledger). */
  reason: z.string(),
  failure_reason: z.string().nullable(),
  requested_by: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundSchema>;

/** A refund id as `refundpayment` answers it: the payment's id and the refund's number. */
export const refundIdField = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}-[1-9][0-9]{0,2}$/, 'Not a refund id.');

const EXTENSION = 'The issue asks the broker panel to refund completed PhonePe payments on /transaction and follow them; the spec lists no call for it.';

export const paymentRefundContracts = {
  refundPayment: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/refundpayment',
    role: 'brokerPanel',
    summary:
      "Refunds (part of) a completed PhonePe payment of the franchise to where it was paid from: the user's wallet is debited first (refused with 422 when the balance no longer covers it), then PhonePe is asked; its status is followed to the end and a failed refund puts the credit back. One refund of a payment at a time; at most what is left of the payment. Another franchise's payment → 404.",
    request: z.strictObject({
      payment_id: paymentIdField,
      amount: rupeeAmountField,
      reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(200, 'At most 200 characters.'),
    }),
    response: refundSchema,
    activity: 'Refunded a PhonePe payment',
    specExtension: EXTENSION,
  }),
  getPaymentRefunds: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getpaymentrefunds',
    role: 'brokerPanel',
    summary: "A franchise payment's refunds, oldest first, with what may still be refunded (rupees and paise). Refunds still open are asked at PhonePe first. Another franchise's payment → 404.",
    request: z.strictObject({ payment_id: paymentIdField }),
    response: z.object({ refunds: z.array(refundSchema), refundable_amount: z.number(), refundable_paise: z.number().int() }),
    specExtension: EXTENSION,
  }),
} as const;
