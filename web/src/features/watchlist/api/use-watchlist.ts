import { useQuery } from '@tanstack/react-query';
import { watchlistContracts } from '@shared/contracts/watchlist';
import { callApi } from '@/lib/api-client';
import { WATCHLIST_REFRESH_MS } from '../refresh-timing';
import { watchlistKeys } from './watchlist-keys';

/**
 * The watch list with each script's LTP and change (GET /users/watchlist/getwatchlist), fetched again
 * every few seconds; react-query pauses the interval while the page is hidden.
 */
export function useWatchlist() {
  return useQuery({
    queryKey: watchlistKeys.entries(),
    queryFn: () => callApi(watchlistContracts.getWatchlist, {}),
    refetchInterval: WATCHLIST_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
