import * as z from 'zod';
import { walletReasonSchema, type LedgerEntry, type WalletReason } from '../../../shared/contracts/wallet';
import { rupeesFromPaise, paiseFromCredits } from '../../../shared/domain/money';
import { walletTransactionTypeSchema } from '../../../shared/domain/states';
import { queryTimeRangePage, type PageRequest, type TimeRange } from '../activities-repository';
import { queryAllPages } from '../table';
import { walletKeys, type WalletOwner } from './wallet-keys';

/** A ledger entry as the wallet writes it (data/wallet/movement-items.ts): integer paise. */
const walletEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int().positive(),
  type: walletTransactionTypeSchema,
  amount_paise: z.number().int(),
  balance_after_paise: z.number().int(),
  reason: walletReasonSchema,
  reference: z.record(z.string(), z.string()),
  description: z.string(),
  createdAt: z.string(),
});

/**
 * An entry written before the wallet module (plan purchases and refunds on removal, the only movements
 * then): whole credits in `amount` and `balance_after`, no reason and no movement number.
 */
const preWalletEntrySchema = z.object({
  id: z.string(),
  type: walletTransactionTypeSchema,
  amount: z.number(),
  balance_after: z.number(),
  reference: z.record(z.string(), z.string()).optional(),
  description: z.string(),
  createdAt: z.string(),
});

/** A stored entry: `seq` is null for entries from before the wallet, which its sums leave out. */
export interface StoredLedgerEntry extends LedgerEntry {
  readonly seq: number | null;
}

export function parseLedgerEntry(raw: Record<string, unknown>): StoredLedgerEntry {
  if ('amount_paise' in raw) {
    const entry = walletEntrySchema.parse(raw);
    return {
      id: entry.id,
      seq: entry.seq,
      type: entry.type,
      amount: rupeesFromPaise(entry.amount_paise),
      balance_after: rupeesFromPaise(entry.balance_after_paise),
      amount_paise: entry.amount_paise,
      balance_after_paise: entry.balance_after_paise,
      reason: entry.reason,
      reference: entry.reference,
      description: entry.description,
      create_time: entry.createdAt,
    };
  }
  const entry = preWalletEntrySchema.parse(raw);
  const reason: WalletReason = entry.type === 'debit' ? 'broker_subscription' : 'broker_refund';
  const amountPaise = paiseFromCredits(entry.amount);
  const balanceAfterPaise = paiseFromCredits(entry.balance_after);
  return {
    id: entry.id,
    seq: null,
    type: entry.type,
    amount: rupeesFromPaise(amountPaise),
    balance_after: rupeesFromPaise(balanceAfterPaise),
    amount_paise: amountPaise,
    balance_after_paise: balanceAfterPaise,
    reason,
    reference: entry.reference ?? {},
    description: entry.description,
    create_time: entry.createdAt,
  };
}

/** The wallet's ledger entries between two instants (inclusive), newest first, one page at a time. */
export async function listLedgerPage(owner: WalletOwner, range: TimeRange, page: PageRequest): Promise<{ items: StoredLedgerEntry[]; nextCursor: string | null }> {
  const answer = await queryTimeRangePage(walletKeys.ledgerPartition(owner), walletKeys.ledgerPrefix, range, page);
  return { items: answer.items.map(parseLedgerEntry), nextCursor: answer.nextCursor };
}

/** Every ledger entry of the wallet, oldest first (audits and tests: a wallet's whole history). */
export async function listWholeLedger(owner: WalletOwner): Promise<StoredLedgerEntry[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': walletKeys.ledgerPartition(owner), ':prefix': walletKeys.ledgerPrefix },
    ConsistentRead: true,
  });
  return items.map(parseLedgerEntry);
}
