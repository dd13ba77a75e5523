import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Dashboard } from '@shared/contracts/user';
import type { WalletMessage } from '@shared/contracts/realtime';
import { dashboardKeys } from '@/entities/dashboard/api/dashboard-keys';
import { currentProfileQueryOptions } from '@/entities/profile/api/use-user-profile';
import { useRealtimeMessages } from '@/entities/realtime/realtime-channel';
import { walletKeys } from '@/features/wallet/api/wallet-keys';

/** What an open wallet page shows of the money's movements: read again after each one. */
const MOVEMENT_VIEWS: readonly QueryKey[] = [[...walletKeys.all, 'ledger'], walletKeys.payments(), [...walletKeys.all, 'payment'], walletKeys.bankTransfers()];

/** Puts a balance into a cached answer that shows one; one being read now is read again instead (it may be older). */
function showBalance<T extends { current_credit: number }>(queryClient: QueryClient, queryKey: QueryKey, credit: number): void {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
    return;
  }
  queryClient.setQueryData<T>(queryKey, (cached) => (cached ? { ...cached, current_credit: credit } : cached));
}

/**
 * The wallet's news on the realtime channel (a credit or a debit committed): the credit badge, the wallet's
 * balance and the dashboard's credit show the new balance at once, without asking the server, and an open
 * wallet page reads its ledger and payments again. News older than the balance shown (a lower `seq`: the
 * channel may deliver out of order) is left aside.
 */
export function useWalletNews(): void {
  const queryClient = useQueryClient();
  const shownSeq = useRef(0);
  useRealtimeMessages((message) => {
    if (message.type !== 'wallet' || message.seq <= shownSeq.current) return;
    shownSeq.current = message.seq;
    applyWalletNews(queryClient, message);
  });
}

function applyWalletNews(queryClient: QueryClient, news: WalletMessage): void {
  showBalance(queryClient, currentProfileQueryOptions().queryKey, news.current_credit);
  showBalance<Dashboard>(queryClient, dashboardKeys.figures(), news.current_credit);
  for (const queryKey of MOVEMENT_VIEWS) void queryClient.invalidateQueries({ queryKey });
}
