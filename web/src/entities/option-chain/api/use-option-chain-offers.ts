import { useQuery } from '@tanstack/react-query';
import { scriptsContracts } from '@shared/contracts/scripts';
import { callApi } from '@/lib/api-client';
import { chainKeys } from './chain-keys';

/** The shortest text worth asking about: one letter matches too many underlyings to help. */
const MIN_QUERY_LENGTH = 2;

/** Underlyings with options whose name starts with what was typed (POST /scripts/searchoptionchains). */
export function useOptionChainOffers(query: string) {
  const symbol = query.trim();
  return useQuery({
    queryKey: chainKeys.offers(symbol.toUpperCase()),
    queryFn: () => callApi(scriptsContracts.searchOptionChains, { symbol }),
    enabled: symbol.length >= MIN_QUERY_LENGTH && /^[A-Za-z0-9 &.-]+$/.test(symbol),
    staleTime: 60_000,
  });
}
