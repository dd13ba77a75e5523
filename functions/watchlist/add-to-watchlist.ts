import { ALREADY_WATCHED_MESSAGE, MAX_WATCHLIST_ENTRIES, WATCHLIST_FULL_MESSAGE, watchlistContracts } from '../../shared/contracts/watchlist';
import { addWatchlistEntry } from '../data/watchlist-repository';
import { findScript } from '../market/ltp';
import { defineRoute } from '../platform/http/route';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError, ConflictError } from '../platform/errors';
import { pricedEntry } from './priced-entries';

/** Adds a script the master lists; the entry keeps a snapshot of the instrument as it was added. */
export const addToWatchlistRoute = defineRoute(watchlistContracts.addToWatchlist, async ({ body, principal }) => {
  const instrument = await findScript(body.script_id);
  const now = clockNow();
  const outcome = await addWatchlistEntry(principal, instrument, MAX_WATCHLIST_ENTRIES, now);
  if (outcome.kind === 'already-listed') throw new ConflictError(ALREADY_WATCHED_MESSAGE);
  if (outcome.kind === 'full') throw new BusinessRuleError(WATCHLIST_FULL_MESSAGE);
  return { data: await pricedEntry(outcome.entry, now), message: 'Added to watch list' };
});
