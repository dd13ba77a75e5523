import { orderHistoryContracts } from '../../shared/contracts/orders';
import { readOrderHistory } from '../orders/order-history';
import { defineRoute } from '../platform/http/route';

export const getIndividualOrderHistoryRoute = defineRoute(orderHistoryContracts.getIndividualOrderHistory, async ({ body, principal, scope }) => ({
  data: await readOrderHistory(principal, body, 'individual', scope.log),
  message: 'Order history fetched',
}));
