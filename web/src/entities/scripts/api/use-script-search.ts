import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scriptsContracts } from '@shared/contracts/scripts';
import { callApi } from '@/lib/api-client';
import type { ScriptType } from '../script-types';
import { scriptSearchKeys } from './script-search-keys';

/** Scripts of one type matching the typed symbol (POST /scripts/searchscriptsforwatchlist); idle while nothing is typed. */
export function useScriptSearch(type: ScriptType, symbol: string) {
  const trimmed = symbol.trim();
  return useQuery({
    queryKey: scriptSearchKeys.search(type, trimmed),
    queryFn: () => callApi(scriptsContracts.searchScriptsForWatchlist, { type, symbol: trimmed }),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
