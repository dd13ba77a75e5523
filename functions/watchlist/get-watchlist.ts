import { watchlistContracts } from '../../shared/contracts/watchlist';
import { listWatchlistEntries } from '../data/watchlist-repository';
import { defineRoute } from '../platform/http/route';
import { pricedEntries } from './priced-entries';
import { now } from '../platform/clock';

export const getWatchlistRoute = defineRoute(watchlistContracts.getWatchlist, async ({ principal }) => {
  const entries = await listWatchlistEntries(principal);
  return { data: await pricedEntries(entries, now()), message: 'Watch list fetched' };
});
