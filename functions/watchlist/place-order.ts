import { watchlistOrderContracts } from '../../shared/contracts/orders';
import { loadRecentOwnedAccount } from '../broker-accounts/accounts/owned-account';
import { toOrder } from '../orders/order-view';
import { placeCommandOf, placementMessage } from '../orders/place-command';
import { answerOfPlacement, placeOrder } from '../orders/place-order';
import { watchlistScriptOf } from '../orders/watchlist-script';
import { defineRoute } from '../platform/http/route';

/** A manual order from the watch list, through the same use-case as the direct placeorder. */
export const watchlistPlaceOrderRoute = defineRoute(watchlistOrderContracts.placeOrder, async ({ body, principal, scope }) => {
  const account = await loadRecentOwnedAccount(principal, body.broker_id);
  const instrument = await watchlistScriptOf(principal, body);
  const placed = answerOfPlacement(await placeOrder(principal, account, { ...placeCommandOf(body, instrument), accountIsRecentCopy: true }, 'manual', scope.log));
  return { data: { order: toOrder(placed.order), replayed: placed.replayed }, message: placementMessage(placed.order) };
});
