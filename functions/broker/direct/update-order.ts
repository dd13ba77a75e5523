import { directOrderContracts } from '../../../shared/contracts/orders';
import { changeCommandOf } from '../../orders/change-command';
import { changeOrder } from '../../orders/change-order';
import { findOwnedOrder } from '../../orders/order-history';
import { toOrder } from '../../orders/order-view';
import { defineRoute } from '../../platform/http/route';

export const directUpdateOrderRoute = defineRoute(directOrderContracts.updateOrder, async ({ body, principal, scope }) => {
  const order = await findOwnedOrder(principal, body.order_id);
  const changed = await changeOrder(principal, order, changeCommandOf(body), scope.log);
  return { data: toOrder(changed), message: 'Order updated' };
});
