import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { OrderFilters } from '@/entities/orders/order-filters';
import { ORDER_HISTORY_TABS, type OrderHistoryKind } from '@/entities/orders/order-history-kind';
import { payloadToDisplayDate } from '@/lib/format/calendar-date';
import { ExportOrdersButton } from './export-orders-button';
import { OrderFiltersForm } from './order-filters-form';

/** What the list needs of its paged history query. */
interface HistoryQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface HistoryListProps {
  kind: OrderHistoryKind;
  /** What is shown, group and account scope included (exported as is). */
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
  history: HistoryQuery;
  count: number;
  /** The orders, shown once there is at least one. */
  children: ReactNode;
}

/** A history tab around its orders: filters and export, loading and error states, the empty state, and Load more. */
export function HistoryList({ kind, filters, onApply, history, count, children }: HistoryListProps) {
  const tab = ORDER_HISTORY_TABS[kind];
  const period = `${payloadToDisplayDate(filters.from_date)} and ${payloadToDisplayDate(filters.to_date)}`;
  const isFiltered = filters.status !== undefined || filters.origin !== undefined;
  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
        <OrderFiltersForm filters={filters} origins={tab.origins} onApply={onApply} isDisabled={history.isFetching} />
        <ExportOrdersButton kind={kind} filters={filters} isDisabled={count === 0} />
      </Flex>
      {history.isPending ? <LoadingState label="Loading orders…" /> : null}
      {history.isError ? <ErrorState message={history.error?.message ?? ''} onRetry={() => void history.refetch()} /> : null}
      {history.isSuccess && count === 0 ? (
        <Flex direction="column" gap="xs">
          <Text>
            No {tab.emptyNoun} {isFiltered ? 'match these filters ' : ''}between {period}.
          </Text>
          <Text variation="secondary">{tab.emptyNote}</Text>
        </Flex>
      ) : null}
      {count > 0 ? children : null}
      {history.hasNextPage ? (
        <Flex justifyContent="center">
          <Button
            onClick={() => void history.fetchNextPage()}
            isLoading={history.isFetchingNextPage}
            loadingText="Loading…"
            isDisabled={history.isFetchingNextPage}
          >
            Load more
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
