import { watchlistContracts } from '../../shared/contracts/watchlist';
import { removeWatchlistEntry } from '../data/watchlist-repository';
import { defineRoute } from '../platform/http/route';
import { NotFoundError } from '../platform/errors';

/** Looks the id up in the caller's own partition only: another user's entry is simply not found. */
export const removeWatchlistRoute = defineRoute(watchlistContracts.removeWatchlist, async ({ body, principal }) => {
  const removed = await removeWatchlistEntry(principal, body.watchlist_id);
  if (!removed) throw new NotFoundError('Watch list entry not found');
  return { data: { watchlist_id: body.watchlist_id }, message: 'Removed from watch list' };
});
