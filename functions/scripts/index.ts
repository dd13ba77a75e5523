import { createGroupHandler } from '../http/group-handler';
import { getLtpRoute } from './get-ltp';
import { searchScriptsByExchangeRoute } from './search-scripts-by-exchange';
import { searchScriptsByTypeRoute } from './search-scripts-by-type';
import { searchScriptsForWatchlistRoute } from './search-scripts-for-watchlist';

/** Route group `scripts`: instrument search over the instrument master, and last traded prices. */
export const handler = createGroupHandler('scripts', [searchScriptsByTypeRoute, searchScriptsByExchangeRoute, searchScriptsForWatchlistRoute, getLtpRoute]);
