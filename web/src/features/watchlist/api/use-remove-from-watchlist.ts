import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchlistContracts, type WatchlistEntry } from '@shared/contracts/watchlist';
import { callApi } from '@/lib/api-client';
import { watchlistKeys } from './watchlist-keys';

/** Removes an entry from the watch list (POST /users/watchlist/removewatchlist). */
export function useRemoveFromWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watchlistId: string) => callApi(watchlistContracts.removeWatchlist, { watchlist_id: watchlistId }),
    onSuccess: async ({ watchlist_id }) => {
      queryClient.setQueryData<WatchlistEntry[]>(
        watchlistKeys.entries(),
        (entries) => entries && entries.filter((entry) => entry.watchlist_id !== watchlist_id),
      );
      await queryClient.invalidateQueries({ queryKey: watchlistKeys.entries() });
    },
  });
}
