import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Order } from '@shared/contracts/orders';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import type { OrderFilters } from '../order-filters';
import { ORDER_HISTORY_TABS, type OrderHistoryKind } from '../order-history-kind';
import { orderKeys } from './order-keys';

export const ORDER_PAGE_SIZE = 50;

type OrderPage = z.output<typeof ORDER_HISTORY_TABS.individual.contract.response>;

function fetchPage(kind: OrderHistoryKind, filters: OrderFilters, limit: number, cursor: string | null): Promise<OrderPage> {
  return callApi(ORDER_HISTORY_TABS[kind].contract, { ...filters, limit, ...(cursor ? { cursor } : {}) });
}

/** One tab's orders for the filters, newest first, page by page ("Load more" follows the cursor). */
export function useOrderHistory(kind: OrderHistoryKind, filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: orderKeys.history(kind, filters),
    queryFn: ({ pageParam }) => fetchPage(kind, filters, ORDER_PAGE_SIZE, pageParam || null),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Every order of the filters, following the cursor to the end (for the CSV export). */
export async function fetchAllOrders(kind: OrderHistoryKind, filters: OrderFilters): Promise<Order[]> {
  const orders: Order[] = [];
  let page = await fetchPage(kind, filters, MAX_PAGE_SIZE, null);
  orders.push(...page.items);
  while (page.next_cursor) {
    page = await fetchPage(kind, filters, MAX_PAGE_SIZE, page.next_cursor);
    orders.push(...page.items);
  }
  return orders;
}
