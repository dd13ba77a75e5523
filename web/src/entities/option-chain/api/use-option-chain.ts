import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OptionExchange } from '../chain-figures';
import { scriptsContracts } from '@shared/contracts/scripts';
import { callApi } from '@/lib/api-client';
import { chainKeys } from './chain-keys';

/** How often an open chain reads its prices again. */
export const CHAIN_REFRESH_MS = 5_000;

/** One expiry of an underlying's chain (POST /scripts/getoptionchain); no expiry: the nearest listed one. */
export function useOptionChain(underlying: string, exchange: OptionExchange, expiry: string | null) {
  return useQuery({
    queryKey: chainKeys.chain(underlying, exchange, expiry),
    queryFn: () => callApi(scriptsContracts.getOptionChain, { underlying, exchange, ...(expiry ? { expiry } : {}) }),
    refetchInterval: CHAIN_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
