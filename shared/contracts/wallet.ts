import * as z from 'zod';
import { MAX_WALLET_MOVEMENT_PAISE } from '../domain/money';
import { walletTransactionTypeSchema } from '../domain/states';

/**
 * The wallet (issue 17; DESIGN.md §5 "Money"): one balance per user in integer paise and a ledger in
 * which every movement has its entry. Spec §4 "Wallet transaction: credit, debit".
 */

/** A movement's direction (spec §4 "Wallet transaction: credit, debit"). */
export type WalletDirection = z.infer<typeof walletTransactionTypeSchema>;

/** One wallet movement's amount: integer paise, more than zero, at most ₹10,00,000. */
export const walletAmountPaiseSchema = z
  .number()
  .int('Amounts are whole paise.')
  .positive('The amount must be more than zero.')
  .max(MAX_WALLET_MOVEMENT_PAISE, 'The amount is above the largest allowed.');

/**
 * Why money moved. Each feature that moves money adds its own reason here (and its label below):
 * the ledger and the Transaction page group and filter by it.
 */
export const WALLET_REASONS = [
  /** A balance held before the wallet kept a ledger, entered as the wallet's first entry. */
  'opening_balance',
  'broker_subscription',
  'broker_refund',
  'phonepe_payment',
  'phonepe_refund',
  /** A PhonePe refund that failed: the credit it took comes back. */
  'phonepe_refund_reversal',
  'bank_transfer',
  /** Credit moved between a parent's wallet and its sub-user's (both sides in one transaction; issue 19). */
  'subuser_transfer',
  /** The broker panel granted credit to a user without a wallet of its own paying (reason kept in the description). */
  'franchise_grant',
  /** The broker panel withdrew credit from a user without it going to a wallet. */
  'franchise_withdrawal',
  /** Referral earnings cashed out into the wallet (issue 19). */
  'referral_cashout',
  /** A static IP bought or renewed from the wallet (issue 20). */
  'static_ip',
  /** A group-strategy plan bought or renewed from the wallet (issue 21). */
  'strategy_subscription',
] as const;
export const walletReasonSchema = z.enum(WALLET_REASONS);
export type WalletReason = z.infer<typeof walletReasonSchema>;

/** The words a trader reads for each reason. */
export const WALLET_REASON_LABELS: Readonly<Record<WalletReason, string>> = {
  opening_balance: 'Balance brought forward',
  broker_subscription: 'Broker plan',
  broker_refund: 'Broker plan refund',
  phonepe_payment: 'PhonePe payment',
  phonepe_refund: 'PhonePe refund',
  phonepe_refund_reversal: 'PhonePe refund returned',
  bank_transfer: 'Bank transfer',
  subuser_transfer: 'Transfer with a sub-user',
  franchise_grant: 'Credit granted by the broker panel',
  franchise_withdrawal: 'Credit withdrawn by the broker panel',
  referral_cashout: 'Referral earnings cashed out',
  static_ip: 'Static IP',
  strategy_subscription: 'Strategy subscription',
};

/**
 * What a movement is about (payment id, plan, account, UTR …): a few named strings. It is part of
 * what a movement's idempotency key stands for, so it names the operation, never how it arrived.
 */
export const walletReferenceSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Reference names are lower-case words.'), z.string().max(200))
  .refine((reference) => Object.keys(reference).length <= 8, 'At most 8 reference fields.');
export type WalletReference = z.infer<typeof walletReferenceSchema>;

/**
 * One ledger entry as `POST /users/getuserledger` answers it. `amount` and `balance_after` are rupees
 * with two decimals (as before the wallet kept paise); `amount_paise` and `balance_after_paise` are the
 * exact stored figures.
 */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  type: walletTransactionTypeSchema,
  amount: z.number(),
  balance_after: z.number(),
  amount_paise: z.number().int(),
  balance_after_paise: z.number().int(),
  reason: walletReasonSchema,
  reference: z.record(z.string(), z.string()),
  description: z.string(),
  create_time: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
