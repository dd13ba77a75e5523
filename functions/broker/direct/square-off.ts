import { directOrderContracts } from '../../../shared/contracts/orders';
import { findScript } from '../../market/ltp';
import { toOrder } from '../../orders/order-view';
import { squareOffPosition } from '../../orders/square-off';
import { defineRoute } from '../../platform/http/route';
import { loadOwnedAccount } from '../../broker-accounts/accounts/owned-account';

export const directSquareOffRoute = defineRoute(directOrderContracts.squareOff, async ({ body, principal, scope }) => {
  const account = await loadOwnedAccount(principal, body.broker_id);
  const instrument = await findScript(body.script_id);
  const orders = await squareOffPosition(principal, account, instrument, body.product, scope.log);
  return { data: { orders: orders.map(toOrder) }, message: 'Square-off order placed' };
});
