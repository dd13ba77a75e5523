import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DateRangeForm } from '@/components/date-range-form';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { payloadToDisplayDate, type PayloadDateRange } from '@/lib/format/calendar-date';

interface DatedListProps<Item> {
  /** The date form's accessible name ("Ledger dates"). */
  label: string;
  /** What is loading, for the spinner ("the ledger"). */
  what: string;
  range: PayloadDateRange;
  onApply: (range: PayloadDateRange) => void;
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>;
  /** The sentence when the range holds nothing, given the period ("1 Nov 2026 and 30 Nov 2026"). */
  empty: (period: string) => string;
  children: (items: readonly Item[]) => ReactNode;
}

/** A sub-user's list over a date range (last 30 days first), newest first, with "Load more". */
export function DatedList<Item>({ label, what, range, onApply, query, empty, children }: DatedListProps<Item>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const period = `${payloadToDisplayDate(range.from_date)} and ${payloadToDisplayDate(range.to_date)}`;
  return (
    <Flex direction="column" gap="medium">
      <DateRangeForm label={label} range={range} onApply={onApply} isDisabled={query.isFetching} />
      {query.isPending ? <LoadingState label={`Loading ${what}…`} /> : null}
      {query.isError ? <ErrorState message={query.error.message} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && items.length === 0 ? <Text variation="secondary">{empty(period)}</Text> : null}
      {items.length > 0 ? children(items) : null}
      {query.hasNextPage ? (
        <Flex justifyContent="center">
          <Button onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage} loadingText="Loading…" isDisabled={query.isFetchingNextPage}>
            Load more
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
