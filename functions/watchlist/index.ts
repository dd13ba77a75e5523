import { createGroupHandler } from '../http/group-handler';
import { addToWatchlistRoute } from './add-to-watchlist';
import { getWatchlistRoute } from './get-watchlist';
import { watchlistPlaceOrderRoute } from './place-order';
import { removeWatchlistRoute } from './remove-watchlist';

/** Route group `watchlist`: the caller's watch list with live prices, and orders placed from it. */
export const handler = createGroupHandler('watchlist', [getWatchlistRoute, addToWatchlistRoute, removeWatchlistRoute, watchlistPlaceOrderRoute]);
