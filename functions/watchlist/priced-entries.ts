import type { WatchlistEntry } from '../../shared/contracts/watchlist';
import type { StoredWatchlistEntry } from '../data/watchlist-repository';
import { changeSincePreviousClose, lastTradedPrices, quotedSecondOf } from '../market/ltp';
import { baseNameOf, displayNameOf, symbolPartsOf } from '../market/symbol-format';
import { BrokerFailureError } from '../platform/errors';

/**
 * Watch-list entries as the SPA shows them: the script with its label, its LTP at `at` (the paper
 * feed, through the same seam as `getltp`) and its move since the previous close.
 */
export async function pricedEntries(entries: readonly StoredWatchlistEntry[], at: Date): Promise<WatchlistEntry[]> {
  const prices = await lastTradedPrices(entries.map((entry) => entry.instrument), at);
  const asOf = quotedSecondOf(at).toISOString();
  return entries.map(({ watchlistId, instrument, createdAt }) => {
    const ltp = prices.get(instrument.script_id);
    if (ltp === undefined) throw new BrokerFailureError(`No price for ${instrument.script_id}`);
    return {
      ...instrument,
      base_name: baseNameOf(instrument),
      display_name: displayNameOf(symbolPartsOf(instrument)),
      watchlist_id: watchlistId,
      ltp,
      as_of: asOf,
      ...changeSincePreviousClose(instrument, ltp, at),
      create_time: createdAt,
    };
  });
}

export async function pricedEntry(entry: StoredWatchlistEntry, at: Date): Promise<WatchlistEntry> {
  const [priced] = await pricedEntries([entry], at);
  if (!priced) throw new Error(`Entry ${entry.watchlistId} was not priced`);
  return priced;
}
