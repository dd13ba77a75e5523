import { useQuery } from '@tanstack/react-query';
import { orderHistoryContracts } from '@shared/contracts/orders';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import { chartKeys } from './chart-keys';

export interface ScriptOrdersQuery {
  readonly scriptId: string;
  readonly tradingSymbol: string;
  /** The chart's days, yyyy-MM-dd (two when the window runs past midnight). */
  readonly fromDate: string;
  readonly toDate: string;
}

/**
 * The user's orders of one script over the chart's days (POST /users/getuserorders, narrowed by symbol
 * and dates), newest first, the first page (the chart marks at most that many).
 */
export function useScriptOrders(query: ScriptOrdersQuery | null) {
  return useQuery({
    queryKey: query ? chartKeys.orders(query.scriptId, query.fromDate, query.toDate) : [...chartKeys.all, 'orders', 'none'],
    queryFn: async () => {
      if (!query) return [];
      const page = await callApi(orderHistoryContracts.getUserOrders, {
        limit: MAX_PAGE_SIZE,
        from_date: query.fromDate,
        to_date: query.toDate,
        symbol: query.tradingSymbol,
      });
      return page.items.filter((order) => order.script_id === query.scriptId);
    },
    enabled: query !== null,
  });
}
