import { directOrderContracts } from '../../../shared/contracts/orders';
import { toOrder } from '../../orders/order-view';
import { squareOffAllPositions } from '../../orders/square-off';
import { defineRoute } from '../../platform/http/route';
import { loadOwnedAccount } from '../../broker-accounts/accounts/owned-account';

export const directSquareOffAllRoute = defineRoute(directOrderContracts.squareOffAll, async ({ body, principal, scope }) => {
  const account = await loadOwnedAccount(principal, body.broker_id);
  const orders = await squareOffAllPositions(principal, account, scope.log);
  return { data: { orders: orders.map(toOrder) }, message: orders.length === 0 ? 'No open positions' : `${orders.length} square-off orders placed` };
});
