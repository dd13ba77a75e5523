import { createGroupHandler } from '../platform/http/group-handler';
import { addToWatchlistRoute } from './add-to-watchlist';
import { getWatchlistRoute } from './get-watchlist';
import { removeWatchlistRoute } from './remove-watchlist';

/**
 * Route group `watchlist`: the caller's watch list with live prices. Spec §7's `placeorder` waits for
 * the order path; until then that path answers the 404 envelope.
 */
export const handler = createGroupHandler('watchlist', [getWatchlistRoute, addToWatchlistRoute, removeWatchlistRoute]);
