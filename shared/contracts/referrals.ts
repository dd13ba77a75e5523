import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants';
import { MAX_WALLET_MOVEMENT_PAISE } from '../domain/money';
import { cashoutChoiceSchema, cashoutStatusSchema } from '../domain/states';
import { bankAccountNumberField, ifscField } from './bank-transfers';
import { defineCall } from './define-call';
import { cursorPage } from './paging';
import { referredUserSchema } from './subuser-views';

/**
 * Referral rewards (issue 19; spec §1, §4, §7 `/users/referrals/`). When a referred user's payment is
 * confirmed, its referrer earns its percent of it — once per payment — into a referral earnings balance
 * kept apart from the wallet (integer paise, never negative). Earnings leave it by a cash-out: `credit`
 * (into the wallet at once, completed) or `withdraw` (a bank payout: pending → initiate → completed,
 * or rejected with a reason, which returns the amount to the earnings).
 */

export type CashoutStatus = z.infer<typeof cashoutStatusSchema>;
export type CashoutChoice = z.infer<typeof cashoutChoiceSchema>;

export const CASHOUT_STATUS_LABELS: Readonly<Record<CashoutStatus, string>> = {
  pending: 'Waiting for the broker',
  initiate: 'Payout initiated',
  completed: 'Completed',
  rejected: 'Rejected',
};

export const CASHOUT_CHOICE_LABELS: Readonly<Record<CashoutChoice, string>> = {
  credit: 'Credit to wallet',
  withdraw: 'Withdraw to bank',
};

/** The broker panel's moves of a withdrawal; every other move is refused with the current state (409). */
export const CASHOUT_TRANSITIONS: Readonly<Record<CashoutStatus, readonly CashoutStatus[]>> = {
  pending: ['initiate', 'rejected'],
  initiate: ['completed', 'rejected'],
  completed: [],
  rejected: [],
};

export const ABOVE_EARNINGS_MESSAGE = 'The amount is more than your referral earnings.';

/** A GET call's page size and cursor (query strings carry text). */
const queryPage = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  cursor: z.string().max(2048).optional(),
};

export const cashoutIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a cash-out id.');

const bankAccountSchema = z.strictObject({
  holder_name: z.string().trim().min(1, 'Enter the account holder name.').max(100, 'At most 100 characters.'),
  account_number: bankAccountNumberField,
  ifsc: ifscField,
});

export const referralCashoutRequestSchema = z
  .strictObject({
    choice: cashoutChoiceSchema,
    /** Integer paise, as every wallet call takes them (at least ₹1). */
    amount_paise: z
      .number()
      .int('Amounts are whole paise.')
      .min(100, 'The amount must be at least ₹1.')
      .max(MAX_WALLET_MOVEMENT_PAISE, 'The amount is above the largest allowed.'),
    /** The client's key for this one cash-out; it also becomes the cash-out's id (a retry changes nothing). */
    idempotency_key: cashoutIdField,
    /** Required for `withdraw` (where the payout goes), refused for `credit`. */
    bank_account: bankAccountSchema.optional(),
  })
  .refine((body) => body.choice !== 'withdraw' || body.bank_account !== undefined, { message: 'Enter the bank account for the payout.', path: ['bank_account'] })
  .refine((body) => body.choice !== 'credit' || body.bank_account === undefined, { message: 'A credit to the wallet needs no bank account.', path: ['bank_account'] });
export type ReferralCashoutRequest = z.input<typeof referralCashoutRequestSchema>;

export const cashoutSchema = z.object({
  cashout_id: z.string(),
  user_id: z.number().int(),
  /** The user's name (shown to the broker panel). */
  user_name: z.string(),
  choice: cashoutChoiceSchema,
  amount_paise: z.number().int(),
  status: cashoutStatusSchema,
  status_text: z.string(),
  /** Where a withdrawal is paid: the account number masked but for its last 4 digits. Null for a credit. */
  bank_account: z.object({ holder_name: z.string(), account_number: z.string(), ifsc: z.string() }).nullable(),
  /** Why the broker panel rejected it, else null. */
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CashoutView = z.infer<typeof cashoutSchema>;

export const referralTotalsSchema = z.object({
  earned_paise: z.number().int(),
  cashed_out_paise: z.number().int(),
  /** Withdrawals pending or initiated (taken from the balance, not paid yet). */
  pending_cashout_paise: z.number().int(),
  balance_paise: z.number().int(),
  referred_count: z.number().int(),
  active_count: z.number().int(),
});

/**
 * Why a referred user counts as active: a payment (PhonePe or an approved bank transfer) credited in the
 * last 30 days, else a paid broker subscription that has not expired.
 */
export const ACTIVE_REASONS = ['recent_payment', 'paid_subscription'] as const;
export const ACTIVE_REFERRAL_DAYS = 30;

export const activeReferralSchema = referredUserSchema.extend({
  active_because: z.enum(ACTIVE_REASONS),
  /** The latest payment in the window (recent_payment), else null. */
  last_payment_at: z.string().nullable(),
  /** The latest end of a paid subscription (paid_subscription), else null. */
  subscription_expires_at: z.string().nullable(),
});

export const referralEarningSchema = z.object({
  payment_id: z.string(),
  /** Which kind of payment earned it. */
  source: z.enum(['phonepe', 'bank_transfer']),
  referred_user_id: z.number().int(),
  referred_user_name: z.string(),
  payment_amount_paise: z.number().int(),
  /** The referrer's percent at the time (two decimals). */
  percent: z.number(),
  earned_paise: z.number().int(),
  created_at: z.string(),
});

export const referralContracts = {
  referralData: defineCall({
    group: 'referrals',
    method: 'GET',
    path: '/users/referrals/referraldata',
    role: 'user',
    summary: "The caller's referral code, its registration link, its percent and its totals (earned, cashed out, pending withdrawals, balance, referred and active users).",
    response: z.object({
      referral_code: z.string(),
      referral_link: z.string(),
      percent: z.number(),
      totals: referralTotalsSchema,
    }),
  }),
  getAllReferrals: defineCall({
    group: 'referrals',
    method: 'GET',
    path: '/users/referrals/getallreferrals',
    role: 'user',
    summary: 'Every user the caller referred, in id order, with what the caller earned from each.',
    response: z.object({ items: z.array(referredUserSchema) }),
  }),
  getActiveReferrals: defineCall({
    group: 'referrals',
    method: 'GET',
    path: '/users/referrals/getactivereferrals',
    role: 'user',
    summary:
      'The referred users who are active: a payment credited in the last 30 days (`recent_payment`), else a paid broker subscription not yet expired (`paid_subscription`).',
    response: z.object({ items: z.array(activeReferralSchema) }),
  }),
  getReferralEarnings: defineCall({
    group: 'referrals',
    method: 'GET',
    path: '/users/referrals/getreferralearnings',
    role: 'user',
    summary: 'What the caller earned, one entry per payment of a referred user, newest first, cursor paging.',
    request: z.strictObject(queryPage),
    response: cursorPage(referralEarningSchema),
  }),
  getCashoutReferrals: defineCall({
    group: 'referrals',
    method: 'GET',
    path: '/users/referrals/getcashoutreferrals',
    role: 'user',
    summary:
      "The caller's cash-outs, newest first; with `scope=franchise` (broker panel only, else 403) every cash-out of the franchise, optionally in one status, cursor paging.",
    request: z.strictObject({ scope: z.enum(['own', 'franchise']).default('own'), status: cashoutStatusSchema.optional(), ...queryPage }),
    response: cursorPage(cashoutSchema),
  }),
  referralCashout: defineCall({
    group: 'referrals',
    method: 'POST',
    path: '/users/referrals/referralcashout',
    role: 'user',
    summary:
      "Cashes out referral earnings: `credit` moves them into the wallet at once (completed), `withdraw` starts a bank payout (pending). Above the earnings balance → 422. The same `idempotency_key` again answers the first cash-out.",
    request: referralCashoutRequestSchema,
    response: z.object({
      cashout: cashoutSchema,
      earnings_balance_paise: z.number().int(),
      /** The wallet's balance after a credit (null for a withdrawal). */
      wallet_balance_paise: z.number().int().nullable(),
      replayed: z.boolean(),
    }),
    activity: 'Cashed out referral earnings',
  }),
  updateCashoutReferrals: defineCall({
    group: 'referrals',
    method: 'POST',
    path: '/users/referrals/updatecashoutreferrals',
    role: 'brokerPanel',
    summary:
      "Broker panel: moves a withdrawal of the franchise pending → initiate → completed, or to rejected with a reason (the amount returns to the user's earnings). Any other move → 409 with the current state; another franchise's cash-out → 404.",
    request: z
      .strictObject({
        cashout_id: cashoutIdField,
        user_id: z.number().int().positive(),
        status: z.enum(['initiate', 'completed', 'rejected']),
        reason: z.string().trim().max(200, 'At most 200 characters.').optional(),
      })
      .refine((body) => body.status !== 'rejected' || (body.reason ?? '').length >= 3, { message: 'Say why the cash-out is rejected.', path: ['reason'] }),
    response: cashoutSchema,
    activity: 'Updated a referral cash-out',
  }),
} as const;
