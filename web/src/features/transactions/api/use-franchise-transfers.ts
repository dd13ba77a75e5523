import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { bankTransferContracts, type BankTransferView } from '@shared/contracts/bank-transfers';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import { transferRequestOf, type TransferFilters } from '../transfer-filters';
import { transactionsKeys } from './transactions-keys';

export const TRANSFERS_PAGE_SIZE = 50;

/** The franchise's bank transfer claims for the filters, newest first, page by page. */
export function useFranchiseTransfers(filters: TransferFilters) {
  return useInfiniteQuery({
    queryKey: transactionsKeys.transfers(filters),
    queryFn: ({ pageParam }) =>
      callApi(bankTransferContracts.getFranchiseBankTransfers, { ...transferRequestOf(filters), limit: TRANSFERS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Every claim for the filters, following the cursor to the end (for the CSV export). */
export async function fetchAllTransfers(filters: TransferFilters): Promise<BankTransferView[]> {
  const transfers: BankTransferView[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: BankTransferView[]; next_cursor: string | null } = await callApi(bankTransferContracts.getFranchiseBankTransfers, { ...transferRequestOf(filters), limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    transfers.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return transfers;
}

export type TransferDecision = { readonly kind: 'approve'; readonly transferId: string } | { readonly kind: 'reject'; readonly transferId: string; readonly reason: string };

/** Approves (credits the user once) or rejects (with the reason the user reads) a pending claim. */
export function useDecideTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TransferDecision) =>
      decision.kind === 'approve'
        ? callApi(bankTransferContracts.approveBankTransfer, { transfer_id: decision.transferId })
        : callApi(bankTransferContracts.rejectBankTransfer, { transfer_id: decision.transferId, reason: decision.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...transactionsKeys.all, 'bank-transfers'] }),
  });
}
