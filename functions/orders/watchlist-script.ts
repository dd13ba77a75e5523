import type { Instrument } from '../../shared/domain/instruments';
import { listWatchlistEntries, type WatchlistOwner } from '../data/watchlist-repository';
import { findScript } from '../market/ltp';
import { NotFoundError } from '../platform/errors';

/** The script a watch-list order names: the instrument of one of the owner's entries, or a script of the master. */
export async function watchlistScriptOf(owner: WatchlistOwner, named: { readonly watchlist_id?: string | undefined; readonly script_id?: string | undefined }): Promise<Instrument> {
  if (named.script_id !== undefined) return findScript(named.script_id);
  const entry = (await listWatchlistEntries(owner)).find((listed) => listed.watchlistId === named.watchlist_id);
  if (!entry) throw new NotFoundError('Watch list entry not found');
  return entry.instrument;
}
