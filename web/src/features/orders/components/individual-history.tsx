import { useState } from 'react';
import { defaultHistoryRange } from '../../../lib/format/calendar-date';
import { useOrderHistory } from '../api/use-order-history';
import type { OrderFilters } from '../order-filters';
import { HistoryList } from './history-list';
import { OrderTable } from './order-table';

/** The Individual tab: the user's own orders (every origin but copy trading), one row each. */
export function IndividualHistory() {
  const [filters, setFilters] = useState<OrderFilters>(() => defaultHistoryRange());
  const history = useOrderHistory('individual', filters);
  const orders = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <HistoryList kind="individual" filters={filters} onApply={setFilters} history={history} count={orders.length}>
      <OrderTable orders={orders} />
    </HistoryList>
  );
}
