import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants';
import { paymentMethodSchema } from '../domain/ranges';
import { walletTransactionTypeSchema } from '../domain/states';
import { defineCall } from './define-call';
import { payloadDateSchema } from './paging';
import { walletReasonSchema } from './wallet';

/**
 * The broker panel's view of the franchise's money (issue 17, spec §2 /transaction): every payment
 * (PhonePe and bank transfer claims, in one list) and every wallet movement of the franchise's users,
 * with filters, totals over the whole filtered range and offset paging.
 */

/** The longest date range these listings read at once (about three months). */
export const MAX_FRANCHISE_MONEY_RANGE_DAYS = 93;

/**
 * One vocabulary for the states of both payment methods, in words a broker reads:
 * - `pending`: PhonePe has not confirmed yet (created, pending) · a bank claim waits for approval;
 * - `completed`: the wallet was credited (PhonePe COMPLETED · a bank claim approved);
 * - `failed`: PhonePe said the payment failed;
 * - `rejected`: the broker panel rejected the bank claim;
 * - `expired`: PhonePe never confirmed in time (a late confirmation still credits);
 * - `review`: PhonePe reported another amount: nothing credited, someone must check it.
 */
export const FRANCHISE_PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'rejected', 'expired', 'review'] as const;
export const franchisePaymentStatusSchema = z.enum(FRANCHISE_PAYMENT_STATUSES);
export type FranchisePaymentStatus = z.infer<typeof franchisePaymentStatusSchema>;

export const FRANCHISE_PAYMENT_STATUS_LABELS: Readonly<Record<FranchisePaymentStatus, string>> = {
  pending: 'Pending',
  completed: 'Credited',
  failed: 'Failed',
  rejected: 'Rejected',
  expired: 'Not confirmed',
  review: 'Under review',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<z.infer<typeof paymentMethodSchema>, string>> = {
  PHONEPE: 'PhonePe',
  BANK: 'Bank transfer',
};

/** Whose row it is: the franchise's user, by id, name and email ('' when the user no longer exists). */
export const moneyUserSchema = z.object({ user_id: z.number().int(), name: z.string(), email: z.string() });

const rangeAndUser = {
  /** yyyy-MM-dd, whole Asia/Kolkata days; default the last 30 days; at most 93 days. */
  from_date: payloadDateSchema.optional(),
  to_date: payloadDateSchema.optional(),
  /** One user of the caller's franchise (a user of another franchise finds nothing). */
  user_id: z.number().int().positive().optional(),
  /** The same, named by email. */
  user_email: z.email('Enter a valid email address.').max(254).optional(),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
};

/** The range read (resolved: defaults filled in), yyyy-MM-dd. */
const resolvedRangeSchema = z.object({ from_date: z.string(), to_date: z.string() });

export const franchisePaymentSchema = z.object({
  /** The payment id or the bank claim's transfer id. */
  id: z.string(),
  method: paymentMethodSchema,
  user: moneyUserSchema,
  /** Rupees with two decimals; `amount_paise` is the exact figure. */
  amount: z.number(),
  amount_paise: z.number().int(),
  status: franchisePaymentStatusSchema,
  /** Plain words for the status, as the user's own screens show it. */
  status_text: z.string(),
  /** PhonePe's merchant order id, or the transfer's UTR. */
  reference: z.string(),
  /** Why it failed, expired, waits for review or was rejected, else null. */
  reason: z.string().nullable(),
  created_at: z.string(),
  /** When the wallet was credited (PhonePe) or the claim decided (bank), else null. */
  settled_at: z.string().nullable(),
  /** Paise already refunded to the payer (PhonePe; 0 for bank claims). */
  refunded_paise: z.number().int(),
});
export type FranchisePayment = z.infer<typeof franchisePaymentSchema>;

export const statusTotalSchema = z.object({ status: franchisePaymentStatusSchema, count: z.number().int(), amount_paise: z.number().int() });

export const franchiseLedgerEntrySchema = z.object({
  id: z.string(),
  user: moneyUserSchema,
  type: walletTransactionTypeSchema,
  amount: z.number(),
  amount_paise: z.number().int(),
  balance_after: z.number(),
  balance_after_paise: z.number().int(),
  reason: walletReasonSchema,
  /** The reason in plain words (the wallet's labels). */
  reason_text: z.string(),
  reference: z.record(z.string(), z.string()),
  description: z.string(),
  create_time: z.string(),
});
export type FranchiseLedgerEntry = z.infer<typeof franchiseLedgerEntrySchema>;

const EXTENSION =
  'The spec gives the broker panel a Transaction page with every payment and wallet movement of the franchise (filters, totals, CSV) but names no call for them.';

export const franchiseMoneyContracts = {
  getFranchisePayments: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getfranchisepayments',
    role: 'brokerPanel',
    summary:
      "Every payment of the caller's franchise — PhonePe payments and bank transfer claims in one list, newest first — by dates (yyyy-MM-dd, Asia/Kolkata days; default the last 30, at most 93), user, method and status, offset paging. `totals` cover the whole filtered range, not only the page: count and amount per status and the amount credited.",
    request: z.strictObject({
      ...rangeAndUser,
      method: paymentMethodSchema.optional(),
      status: franchisePaymentStatusSchema.optional(),
    }),
    response: z.object({
      items: z.array(franchisePaymentSchema),
      total: z.number().int(),
      range: resolvedRangeSchema,
      totals: z.object({
        count: z.number().int(),
        amount_paise: z.number().int(),
        credited_paise: z.number().int(),
        by_status: z.array(statusTotalSchema),
      }),
    }),
    specExtension: EXTENSION,
  }),
  getFranchiseLedger: defineCall({
    group: 'payment',
    method: 'POST',
    path: '/payment/getfranchiseledger',
    role: 'brokerPanel',
    summary:
      "Every wallet movement of the caller's franchise's users, newest first, by dates (as above), user, credit or debit and reason, offset paging; `totals` cover the whole filtered range: credited, debited, net (paise) and count. Movements from before the franchise listing existed are only in each user's own ledger.",
    request: z.strictObject({
      ...rangeAndUser,
      type: walletTransactionTypeSchema.optional(),
      reason: walletReasonSchema.optional(),
    }),
    response: z.object({
      items: z.array(franchiseLedgerEntrySchema),
      total: z.number().int(),
      range: resolvedRangeSchema,
      totals: z.object({ count: z.number().int(), credited_paise: z.number().int(), debited_paise: z.number().int(), net_paise: z.number().int() }),
    }),
    specExtension: EXTENSION,
  }),
} as const;
