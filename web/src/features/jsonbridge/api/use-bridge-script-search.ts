import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { jsonbridgeContracts } from '@shared/contracts/jsonbridge';
import type { BRIDGE_SCRIPT_TYPES } from '@shared/domain/ranges';
import { callApi } from '@/lib/api-client';
import { jsonBridgeKeys } from './jsonbridge-keys';

export type BridgeScriptType = (typeof BRIDGE_SCRIPT_TYPES)[number];

/** Scripts of a bridge script type matching the typed symbol (POST /users/jsonbridge/searchscript); idle while nothing is typed. */
export function useBridgeScriptSearch(scriptType: BridgeScriptType, symbol: string) {
  const trimmed = symbol.trim();
  return useQuery({
    queryKey: jsonBridgeKeys.search(scriptType, trimmed),
    queryFn: () => callApi(jsonbridgeContracts.searchScript, { script_type: scriptType, symbol: trimmed }),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
