import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchlistContracts, type WatchlistEntry } from '@shared/contracts/watchlist';
import { callApi } from '@/lib/api-client';
import { watchlistKeys } from './watchlist-keys';

/** Adds a script to the watch list (POST /users/watchlist/addtowatchlist); the new entry shows at once, priced. */
export function useAddToWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scriptId: string) => callApi(watchlistContracts.addToWatchlist, { script_id: scriptId }),
    onSuccess: async (entry) => {
      queryClient.setQueryData<WatchlistEntry[]>(watchlistKeys.entries(), (entries) => entries && [...entries, entry]);
      await queryClient.invalidateQueries({ queryKey: watchlistKeys.entries() });
    },
  });
}
