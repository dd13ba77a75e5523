import { orderHistoryContracts } from '../../shared/contracts/orders';
import { readOrder } from '../orders/order-history';
import { toOrderDetails } from '../orders/order-view';
import { defineRoute } from '../platform/http/route';

export const getOrderDetailsRoute = defineRoute(orderHistoryContracts.getOrderDetails, async ({ body, principal, scope }) => ({
  data: toOrderDetails(await readOrder(principal, body.order_id, scope.log)),
  message: 'Order details fetched',
}));
