import { directOrderContracts } from '../../../shared/contracts/orders';
import { findScript } from '../../market/ltp';
import { placeCommandOf, placementMessage } from '../../orders/place-command';
import { answerOfPlacement, placeOrder } from '../../orders/place-order';
import { toOrder } from '../../orders/order-view';
import { defineRoute } from '../../platform/http/route';
import { loadRecentOwnedAccount } from '../../broker-accounts/accounts/owned-account';

export const directPlaceOrderRoute = defineRoute(directOrderContracts.placeOrder, async ({ body, principal, scope }) => {
  const account = await loadRecentOwnedAccount(principal, body.broker_id);
  const instrument = await findScript(body.script_id);
  const placed = answerOfPlacement(await placeOrder(principal, account, { ...placeCommandOf(body, instrument), accountIsRecentCopy: true }, 'manual', scope.log));
  return { data: { order: toOrder(placed.order), replayed: placed.replayed }, message: placementMessage(placed.order) };
});
