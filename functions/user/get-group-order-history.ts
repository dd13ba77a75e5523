import { orderHistoryContracts } from '../../shared/contracts/orders';
import { readOrderHistory } from '../orders/order-history';
import { defineRoute } from '../platform/http/route';

/** Copy-trading orders: the same query over the group origin (empty until copy trading places orders). */
export const getGroupOrderHistoryRoute = defineRoute(orderHistoryContracts.getGroupOrderHistory, async ({ body, principal, scope }) => ({
  data: await readOrderHistory(principal, body, 'group', scope.log),
  message: 'Group order history fetched',
}));
