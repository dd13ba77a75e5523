import { createGroupHandler } from '../http/group-handler';
import { getCandlesRoute } from './get-candles';
import { getLtpRoute } from './get-ltp';
import { getOptionChainRoute } from './get-option-chain';
import { searchOptionChainsRoute } from './search-option-chains';
import { searchScriptsByExchangeRoute } from './search-scripts-by-exchange';
import { searchScriptsByTypeRoute } from './search-scripts-by-type';
import { searchScriptsForWatchlistRoute } from './search-scripts-for-watchlist';

/** Route group `scripts`: instrument search over the instrument master, last traded prices, option chains and candles. */
export const handler = createGroupHandler('scripts', [searchScriptsByTypeRoute, searchScriptsByExchangeRoute, searchScriptsForWatchlistRoute, getLtpRoute, getOptionChainRoute, searchOptionChainsRoute, getCandlesRoute]);
