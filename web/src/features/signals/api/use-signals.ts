import { useInfiniteQuery } from '@tanstack/react-query';
import { signalContracts, type SignalView } from '@shared/contracts/signals';
import { callApi } from '@/lib/api-client';
import { requestFiltersOf, type SignalFilters } from '../signal-filters';
import { signalsRefreshInterval } from '../signal-polling';
import { signalKeys } from './signal-keys';

const PAGE_SIZE = 25;

/** Every signal of the loaded pages, newest first. */
export function signalsOf(pages: readonly { items: readonly SignalView[] }[] | undefined): SignalView[] {
  return (pages ?? []).flatMap((page) => page.items);
}

/**
 * The caller's signals, newest first, a page at a time by cursor (POST getbridgesignals); read again
 * every 3 s while any loaded signal is still queued.
 */
export function useSignals(filters: SignalFilters) {
  return useInfiniteQuery({
    queryKey: signalKeys.list(filters),
    queryFn: ({ pageParam }) =>
      callApi(signalContracts.getBridgeSignals, { ...requestFiltersOf(filters), limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: (query) => signalsRefreshInterval(signalsOf(query.state.data?.pages)),
  });
}
