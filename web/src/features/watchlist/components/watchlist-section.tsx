import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { WatchlistEntry } from '@shared/contracts/watchlist';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatTime } from '@/lib/format/date-time';
import { WATCHLIST_REFRESH_MS } from '../refresh-timing';
import { WatchlistTable, type WatchlistRowTools } from './watchlist-table';

interface WatchlistSectionProps {
  watchlist: UseQueryResult<WatchlistEntry[]>;
  tools: WatchlistRowTools;
}

/** The watched scripts with their loading, error and empty states, and when the prices were last fetched. */
export function WatchlistSection({ watchlist, tools }: WatchlistSectionProps) {
  const entries = watchlist.data ?? [];
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="watchlist-heading">
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="small">
        <Heading level={3} id="watchlist-heading">
          Your scripts
        </Heading>
        {watchlist.dataUpdatedAt > 0 ? (
          <Text variation="secondary" fontSize="small" aria-live="off">
            Prices fetched at {formatTime(watchlist.dataUpdatedAt)}, again every {WATCHLIST_REFRESH_MS / 1000} s
          </Text>
        ) : null}
      </Flex>
      {watchlist.isPending ? <LoadingState label="Loading your watch list…" /> : null}
      {watchlist.isError && !watchlist.data ? <ErrorState message={watchlist.error.message} onRetry={() => void watchlist.refetch()} /> : null}
      {watchlist.isSuccess && entries.length === 0 ? (
        <Text variation="secondary">Your watch list is empty. Search for a script above and add it to follow its price.</Text>
      ) : null}
      {entries.length > 0 ? <WatchlistTable entries={entries} tools={tools} /> : null}
    </Flex>
  );
}
