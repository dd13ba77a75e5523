import type { OrderFilters } from '../order-filters';
import type { OrderHistoryKind } from '../order-history-kind';

/** Query keys of order history and order details. */
export const orderKeys = {
  all: ['orders'] as const,
  history: (kind: OrderHistoryKind, filters: OrderFilters) => [...orderKeys.all, 'history', kind, filters] as const,
  details: (orderId: string) => [...orderKeys.all, 'details', orderId] as const,
};
