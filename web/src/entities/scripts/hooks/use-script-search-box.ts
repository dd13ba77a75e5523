import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useScriptSearch } from '../api/use-script-search';
import type { ScriptType } from '../script-types';
import { SEARCH_DEBOUNCE_MS } from '../search-timing';

/**
 * A script search box (the watch list's, the order ticket's): the chosen type, the symbol as typed,
 * and the search, which runs only once typing pauses so each keystroke does not cost a request.
 */
export function useScriptSearchBox() {
  const [type, setType] = useState<ScriptType>('EQ');
  const [symbol, setSymbol] = useState('');
  /** The settled symbol without its spaces: what was searched for, and what "No scripts match" quotes. */
  const query = useDebouncedValue(symbol, SEARCH_DEBOUNCE_MS).trim();
  const search = useScriptSearch(type, query);
  return { type, setType, symbol, setSymbol, query, hasQuery: query.length > 0, search };
}

export type ScriptSearchBox = ReturnType<typeof useScriptSearchBox>;
