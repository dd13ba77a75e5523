import type { Instrument } from '../../shared/domain/instruments';
import { marketDayOf } from '../../shared/domain/market-clock';
import { instrumentMaster } from '../market/instrument-master';
import { searchInstruments, type ScriptSearch } from '../market/search';
import { baseNameOf, displayNameOf, symbolPartsOf } from '../market/symbol-format';
import { now as clockNow } from '../platform/clock';

/** The scripts group's one use-case: search this container's instrument master as of today. */
export async function searchScripts(search: Omit<ScriptSearch, 'today'>, now = clockNow()): Promise<Instrument[]> {
  const master = await instrumentMaster();
  return searchInstruments(master.searchIndex, { ...search, today: marketDayOf(now) });
}

export function foundMessage(count: number): string {
  return count === 0 ? 'No scripts found' : `${count} script${count === 1 ? '' : 's'} found`;
}

export function toWatchlistScript(instrument: Instrument) {
  return { ...instrument, base_name: baseNameOf(instrument), display_name: displayNameOf(symbolPartsOf(instrument)) };
}
