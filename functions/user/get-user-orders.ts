import { orderHistoryContracts } from '../../shared/contracts/orders';
import { readOrderHistory } from '../orders/order-history';
import { defineRoute } from '../platform/http/route';

export const getUserOrdersRoute = defineRoute(orderHistoryContracts.getUserOrders, async ({ body, principal, scope }) => ({
  data: await readOrderHistory(principal, body, 'all', scope.log),
  message: 'Orders fetched',
}));
