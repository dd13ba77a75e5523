import { useInfiniteQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import type { LedgerEntry } from '@shared/contracts/wallet';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import { walletKeys } from './wallet-keys';

export const LEDGER_PAGE_SIZE = 50;

/** The wallet ledger of a date range, newest first, page by page ("Load more" follows the cursor). */
export function useLedger(range: PayloadDateRange) {
  return useInfiniteQuery({
    queryKey: walletKeys.ledger(range),
    queryFn: ({ pageParam }) => callApi(userContracts.getUserLedger, { ...range, limit: LEDGER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Every ledger entry of the range, following the cursor to the end (for the CSV export). */
export async function fetchWholeLedger(range: PayloadDateRange): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: LedgerEntry[]; next_cursor: string | null } = await callApi(userContracts.getUserLedger, { ...range, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    entries.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return entries;
}
