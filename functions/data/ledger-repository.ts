import * as z from 'zod';
import type { ledgerEntrySchema } from '../../shared/contracts/user';
import { walletTransactionTypeSchema } from '../../shared/domain/states';
import { queryTimeRangePage, type PageRequest, type TimeRange } from './activities-repository';
import { ledgerKeys, userKeys } from './keys';

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A ledger entry as stored (written by the wallet, in the same transaction as the balance). */
const ledgerItemSchema = z.object({
  id: z.string(),
  type: walletTransactionTypeSchema,
  amount: z.number(),
  balance_after: z.number(),
  description: z.string(),
  createdAt: z.string(),
});

/** The user's ledger entries between two instants (inclusive), newest first, one page at a time. */
export async function listLedgerEntries(
  frchId: number,
  userId: number,
  range: TimeRange,
  page: PageRequest,
): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> {
  const answer = await queryTimeRangePage(userKeys.partition(frchId, userId), ledgerKeys.prefix, range, page);
  const items = answer.items.map((raw) => {
    const { createdAt, ...entry } = ledgerItemSchema.parse(raw);
    return { ...entry, create_time: createdAt };
  });
  return { items, nextCursor: answer.nextCursor };
}
