import * as z from 'zod';
import { subscribedStrategySchema } from './strategy-subscriptions';
import { MAX_WALLET_MOVEMENT_PAISE } from '../domain/money';
import { walletTransactionTypeSchema } from '../domain/states';
import { defineCall } from './define-call';
import { orderHistoryRequestSchema, orderSchema } from './orders';
import { cursorPage, cursorPageRequest, payloadDateSchema } from './paging';
import { subUserIdField } from './subusers';
import { activitySchema } from './user';
import { ledgerEntrySchema } from './wallet';

/**
 * A parent's money moves and views of one sub-user (issue 19; the /user/{sub_user_id} tabs Wallet,
 * Orders, Referrals, Activity Logs and Strategy). Each names the sub-user by `sub_user_id` and answers
 * 404 unless the caller manages it (ADR 0013).
 */

const dateRange = { from_date: payloadDateSchema.optional(), to_date: payloadDateSchema.optional() };

/**
 * Who pays for a credit and who receives a debit:
 * - `parent_wallet`: the caller's own wallet (a credit moves money from it to the sub-user, a debit back);
 * - `franchise`: the broker panel grants or withdraws credit without a wallet of its own (broker panel
 *   only; a reason is mandatory and the ledger says who did it).
 */
export const SUB_USER_MONEY_SOURCES = ['parent_wallet', 'franchise'] as const;
export const subUserMoneySourceSchema = z.enum(SUB_USER_MONEY_SOURCES);

export const creditDebitRequestSchema = z
  .strictObject({
    sub_user_id: subUserIdField,
    /** `credit` adds to the sub-user's wallet, `debit` takes from it. */
    type: walletTransactionTypeSchema,
    amount_paise: z
      .number()
      .int('Amounts are whole paise.')
      .min(100, 'The amount must be at least ₹1.')
      .max(MAX_WALLET_MOVEMENT_PAISE, 'The amount is above the largest allowed.'),
    source: subUserMoneySourceSchema.default('parent_wallet'),
    reason: z.string().trim().max(200).optional(),
    /** The client's key for this one transfer (a retry with the same key changes nothing). */
    idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'The idempotency key must be 8–64 letters, digits, _ or -.'),
  })
  .refine((body) => body.source !== 'franchise' || (body.reason ?? '').length >= 3, {
    message: 'Say why the credit is granted or withdrawn.',
    path: ['reason'],
  });


export const referredUserSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  joined_at: z.string(),
  /** What the referrer earned from this user's payments, paise. */
  earned_paise: z.number().int(),
});

export const subUserViewContracts = {
  creditDebitSubUser: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/creditdebitsubuser',
    role: 'parent',
    summary:
      "Moves credit between the caller's wallet and a sub-user's wallet in one transaction (both ledger entries, neither balance below zero); the broker panel may instead grant or withdraw credit without a wallet (`source: franchise`, reason required). The same `idempotency_key` again answers the first result.",
    request: creditDebitRequestSchema,
    response: z.object({
      sub_user_balance_paise: z.number().int(),
      /** The caller's balance after the move (null for a franchise grant or withdrawal). */
      parent_balance_paise: z.number().int().nullable(),
      replayed: z.boolean(),
    }),
    activity: 'Moved credit with a sub-user',
  }),
  getLedger: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getledger',
    role: 'parent',
    summary: "A sub-user's wallet ledger, newest first (default range: the last 30 days), as `getuserledger` answers its own.",
    request: z.strictObject({ sub_user_id: subUserIdField, ...cursorPageRequest, ...dateRange }),
    response: cursorPage(ledgerEntrySchema),
  }),
  getSubUserActivities: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getsubuseractivities',
    role: 'parent',
    summary: "A sub-user's activity log, newest first (default range: the last 30 days).",
    request: z.strictObject({ sub_user_id: subUserIdField, ...cursorPageRequest, ...dateRange }),
    response: cursorPage(activitySchema),
  }),
  getOrderHistory: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getorderhistory',
    role: 'parent',
    summary: "A sub-user's orders of every origin, newest first, with the filters of the order history.",
    request: orderHistoryRequestSchema.extend({ sub_user_id: subUserIdField }),
    response: cursorPage(orderSchema),
  }),
  getReferrals: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getreferrals',
    role: 'parent',
    summary: 'The users a sub-user referred, with what it earned from each, and its earnings balance.',
    request: z.strictObject({ sub_user_id: subUserIdField }),
    response: z.object({ items: z.array(referredUserSchema), earnings_balance_paise: z.number().int() }),
  }),
  getSubscribedStrategies: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getsubscribedstrategies',
    role: 'parent',
    summary: "A sub-user's group-strategy subscriptions (active and expired), newest first.",
    request: z.strictObject({ sub_user_id: subUserIdField }),
    response: z.object({ items: z.array(subscribedStrategySchema) }),
  }),
} as const;
