import { useState } from 'react';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { accountNamer } from '@/entities/orders/account-names';
import { useOrderHistory } from '@/entities/orders/api/use-order-history';
import { OrderTable } from '@/entities/orders/components/order-table';
import type { OrderFilters } from '@/entities/orders/order-filters';
import { defaultHistoryRange } from '@/lib/format/calendar-date';
import { HistoryList } from './history-list';

/** The Individual tab: the user's own orders (every origin but copy trading), one row each with its account. */
export function IndividualHistory() {
  const [filters, setFilters] = useState<OrderFilters>(() => defaultHistoryRange());
  const history = useOrderHistory('individual', filters);
  const accounts = useBrokerAccounts();
  const orders = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <HistoryList kind="individual" filters={filters} onApply={setFilters} history={history} count={orders.length}>
      <OrderTable orders={orders} accountName={accountNamer(accounts.data ?? [])} />
    </HistoryList>
  );
}
