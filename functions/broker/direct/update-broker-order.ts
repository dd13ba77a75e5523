import { directOrderContracts } from '../../../shared/contracts/orders';
import { getOrderByBrokerOrderId } from '../../data/orders/broker-order-lookup';
import { changeCommandOf } from '../../orders/change-command';
import { changeOrder } from '../../orders/change-order';
import { OrderNotFoundError } from '../../orders/order-errors';
import { toOrder } from '../../orders/order-view';
import { defineRoute } from '../../platform/http/route';
import { loadOwnedAccount } from '../../broker-accounts/accounts/owned-account';

/** The order is named by the broker's id within one of the caller's accounts (the lookup written when it was submitted). */
export const directUpdateBrokerOrderRoute = defineRoute(directOrderContracts.updateBrokerOrder, async ({ body, principal, scope }) => {
  await loadOwnedAccount(principal, body.broker_id);
  const order = await getOrderByBrokerOrderId(principal, body.broker_id, body.broker_order_id);
  if (!order) throw new OrderNotFoundError();
  const changed = await changeOrder(principal, order, changeCommandOf(body), scope.log);
  return { data: toOrder(changed), message: 'Order updated' };
});
