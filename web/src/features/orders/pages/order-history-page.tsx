import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { defaultHistoryRange, payloadToDisplayDate } from '../../../lib/format/calendar-date';
import { useOrderHistory } from '../api/use-order-history';
import { ExportOrdersButton } from '../components/export-orders-button';
import { OrderFiltersForm } from '../components/order-filters-form';
import { OrderHistoryTabs } from '../components/order-history-tabs';
import { OrderTable } from '../components/order-table';
import { ORDER_HISTORY_TABS, type OrderHistoryKind } from '../order-history-kind';
import type { OrderFilters } from '../order-filters';
import '../orders.css';

/**
 * Order History (spec §2 /orderhistory): the Individual and Group tabs are the two sub-routes, and
 * /orderhistory itself (titled 'Order History') opens Individual.
 */
export function OrderHistoryPage({ kind, title }: { kind: OrderHistoryKind; title?: string }) {
  return (
    <Flex direction="column" gap="large" className="order-history-page">
      <Heading level={2}>{title ?? ORDER_HISTORY_TABS[kind].title}</Heading>
      <OrderHistoryTabs current={kind} />
      {/* Each tab starts on its own filters (the group tab has no origins to choose). */}
      <OrderHistoryTab key={kind} kind={kind} />
    </Flex>
  );
}

function OrderHistoryTab({ kind }: { kind: OrderHistoryKind }) {
  const tab = ORDER_HISTORY_TABS[kind];
  const [filters, setFilters] = useState<OrderFilters>(() => defaultHistoryRange());
  const history = useOrderHistory(kind, filters);
  const orders = history.data?.pages.flatMap((page) => page.items) ?? [];
  const period = `${payloadToDisplayDate(filters.from_date)} and ${payloadToDisplayDate(filters.to_date)}`;
  const isFiltered = filters.status !== undefined || filters.origin !== undefined;

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
        <OrderFiltersForm filters={filters} origins={tab.origins} onApply={setFilters} isDisabled={history.isFetching} />
        <ExportOrdersButton kind={kind} filters={filters} isDisabled={orders.length === 0} />
      </Flex>
      {history.isPending ? <LoadingState label="Loading orders…" /> : null}
      {history.isError ? <ErrorState message={history.error.message} onRetry={() => void history.refetch()} /> : null}
      {history.isSuccess && orders.length === 0 ? (
        <Flex direction="column" gap="xs">
          <Text>
            No {tab.emptyNoun} {isFiltered ? 'match these filters ' : ''}between {period}.
          </Text>
          <Text variation="secondary">{tab.emptyNote}</Text>
        </Flex>
      ) : null}
      {orders.length > 0 ? <OrderTable orders={orders} /> : null}
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
