import { useInfiniteQuery } from '@tanstack/react-query';
import { orderHistoryContracts } from '@shared/contracts/orders';
import { callApi } from '@/lib/api-client';
import type { OrderFilters } from '../order-filters';
import { orderKeys } from './order-keys';
import { ORDER_PAGE_SIZE } from './use-order-history';

/** How often to read the list again: a number of milliseconds, or a function of the moment (see the group page's polling). */
type RefetchInterval = number | false | (() => number | false);

/**
 * Copy-trading orders for the filters (POST /users/getgrouporderhistory), newest first, page by page:
 * each order names its group, child and group order, so the list breaks down per child. Shares its
 * cache with the Group tab of Order History (same call, same key).
 */
export function useGroupOrderHistory(filters: OrderFilters, refetchInterval: RefetchInterval = false) {
  return useInfiniteQuery({
    queryKey: orderKeys.history('group', filters),
    queryFn: ({ pageParam }) =>
      callApi(orderHistoryContracts.getGroupOrderHistory, { ...filters, limit: ORDER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    refetchInterval: typeof refetchInterval === 'function' ? () => refetchInterval() : refetchInterval,
    refetchIntervalInBackground: false,
  });
}
