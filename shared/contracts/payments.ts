import * as z from 'zod';
import { MAX_WALLET_MOVEMENT_PAISE, paiseFromRupees } from '../domain/money';
import { paymentMethodSchema } from '../domain/ranges';
import { defineCall } from './define-call';
import { cursorPage, cursorPageRequest } from './paging';

/**
 * Payments that add credit to the wallet (issue 17; spec §7 `/payment/makepayment`, §3 payment methods).
 * A PhonePe payment is credited only after PhonePe's order-status call says COMPLETED for the same
 * amount (webhook, the status read below, or the reconciliation schedule); the browser's return to
 * `/platform/wallet?payment=<id>` proves nothing by itself.
 */

/**
 * A payment's state as the trader sees it: `pending` (waiting for PhonePe), `completed` (credited),
 * `failed`, `expired` (PhonePe did not confirm in time; a late confirmation still credits), `review`
 * (PhonePe reported another amount: nothing credited, the broker panel checks it).
 */
export const PAYMENT_STATES = ['pending', 'completed', 'failed', 'expired', 'review'] as const;
export const paymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** Plain words for each state (the wallet screen shows them). */
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  pending: 'Payment pending',
  completed: 'Payment confirmed',
  failed: 'Payment failed',
  expired: 'Payment not confirmed',
  review: 'Payment under review',
};

/** Without a franchise setting: PhonePe's own minimum (₹1) and ₹1,00,000 per payment. */
export const DEFAULT_MIN_PAYMENT_PAISE = 100;
export const DEFAULT_MAX_PAYMENT_PAISE = 1_00_000 * 100;

/** A rupee amount as a person types it (500, 499.5): more than zero, whole paise, at most ₹10,00,000. */
export const rupeeAmountField = z
  .number({ error: 'Enter the amount in rupees.' })
  .positive('The amount must be more than zero.')
  .refine((rupees) => paiseFromRupees(rupees) !== null, 'Amounts are whole paise (at most two decimals).')
  .refine((rupees) => (paiseFromRupees(rupees) ?? Number.POSITIVE_INFINITY) <= MAX_WALLET_MOVEMENT_PAISE, 'The amount is above the largest allowed.');

/** A payment id (a ULID, as `makepayment` answers it). */
export const paymentIdField = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a payment id.');

export const paymentSchema = z.object({
  payment_id: z.string(),
  /** The id PhonePe knows the payment by. */
  merchant_order_id: z.string(),
  payment_api: z.literal('PHONEPE'),
  /** Rupees with two decimals; `amount_paise` is the exact figure. */
  amount: z.number(),
  amount_paise: z.number().int(),
  state: paymentStateSchema,
  state_text: z.string(),
  /** Why it failed, expired or waits for review (plain words), else null. */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the wallet was credited (completed payments). */
  credited_at: z.string().nullable(),
  /** Paise the broker panel gave back to where the payment came from (refunds in progress or done). */
  refunded_paise: z.number().int(),
});
export type PaymentView = z.infer<typeof paymentSchema>;

/** A payment method the franchise offers (spec §3: BANK, PHONEPE) and its amount limits (rupees). */
export const paymentOptionSchema = z.object({
  payment_api: paymentMethodSchema,
  enabled: z.boolean(),
  min_amount: z.number(),
  max_amount: z.number(),
});

/** Something about payments the broker panel should look at (a refused webhook, an amount mismatch, a refund PhonePe failed …). */
export const PAYMENT_ALERT_KINDS = ['webhook-unauthorized', 'webhook-malformed', 'webhook-unknown-order', 'amount-mismatch', 'not-confirmed', 'state-conflict', 'refund-failed'] as const;
export const paymentAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_ALERT_KINDS),
  message: z.string(),
  merchant_order_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  user_id: z.number().int().nullable(),
  source_ip: z.string().nullable(),
  create_time: z.string(),
});

export const paymentContracts = {
  makePayment: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/makepayment',
    role: 'user',
    summary:
      "Starts a PhonePe payment that adds credit to the caller's wallet: `amount` in rupees (whole paise, within the franchise's limits). Answers the payment (state pending), `checkout_url` — PhonePe's page the browser goes to — and `wallet_url`, where PhonePe sends the browser back. Nothing is credited here.",
    request: z.strictObject({
      amount: rupeeAmountField,
      payment_api: z.enum(['PHONEPE'], { error: 'Only PHONEPE payments start here.' }).default('PHONEPE'),
    }),
    response: paymentSchema.extend({ user_id: z.number().int(), checkout_url: z.string(), wallet_url: z.string() }),
    activity: 'Started a PhonePe payment',
  }),
  getPaymentStatus: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getpaymentstatus',
    role: 'user',
    summary:
      "One of the caller's payments. While it is pending, PhonePe's order status is asked first (at most every few seconds), so a completed payment is credited and answered as completed; another user's id → 404.",
    request: z.strictObject({ payment_id: paymentIdField }),
    response: paymentSchema,
    specExtension: 'The wallet page shows the state of the payment PhonePe sent the browser back for; the spec lists no call for it.',
  }),
  getPayments: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getpayments',
    role: 'user',
    summary: "The caller's payments, newest first (cursor paging).",
    request: z.strictObject({ ...cursorPageRequest }),
    response: cursorPage(paymentSchema),
    specExtension: 'The wallet page lists pending payments with their state; the spec lists no call for it.',
  }),
  getPaymentOptions: defineCall({
    group: 'payment',
    method: 'GET',
    path: '/payment/getpaymentoptions',
    role: 'user',
    summary: "The payment methods the caller's franchise offers for adding credit, with the amount limits (rupees).",
    response: z.object({ methods: z.array(paymentOptionSchema) }),
    specExtension: "The wallet's Add credit form offers the methods the franchise enables, within its limits; the spec lists no call for them.",
  }),
  getPaymentAlerts: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getpaymentalerts',
    role: 'brokerPanel',
    summary: "The franchise's payment alerts, newest first: refused PhonePe webhooks (authorization, body, unknown order), amounts PhonePe reported differently, payments PhonePe never confirmed.",
    request: z.strictObject({ ...cursorPageRequest }),
    response: cursorPage(paymentAlertSchema),
    specExtension: 'Webhook failures and amount mismatches must leave a record the broker panel can see; the spec lists no call for it.',
  }),
  phonePeWebhook: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/webhook/phonepe/{frch_id}',
    role: 'public',
    bodyKind: 'raw',
    withMsg: true,
    summary:
      "PhonePe's S2S callback for the franchise: `Authorization` must be SHA-256(username:password) of the franchise's webhook settings (401 otherwise). The body is never trusted: the order named in it is looked up (404 when unknown) and PhonePe's order status is asked; the wallet is credited once, only for COMPLETED with the same amount. Refused calls leave an alert for the broker panel.",
    params: z.strictObject({ frch_id: z.coerce.number().int().positive() }),
    request: z.string(),
    response: z.object({ merchant_order_id: z.string(), state: z.string() }),
    specExtension: 'PhonePe calls the platform back; the spec lists only the browser calls.',
  }),
} as const;
