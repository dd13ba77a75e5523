import type { OrderHistoryKind } from '../order-history-kind';
import type { OrderFilters } from '../order-filters';

/** Query keys of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  history: (kind: OrderHistoryKind, filters: OrderFilters) => [...orderKeys.all, 'history', kind, filters] as const,
  details: (orderId: string) => [...orderKeys.all, 'details', orderId] as const,
};
