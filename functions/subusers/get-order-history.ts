import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { readOrderHistory } from '../orders/order-history';
import { defineRoute } from '../platform/http/route';
import { findManagedSubUser } from '../sub-users/sub-user-scope';

/** Every origin of the sub-user's orders (its own, copy trading, bridges …), with the order history's filters. */
export const getOrderHistoryRoute = defineRoute(subUserViewContracts.getOrderHistory, async ({ body, principal, scope }) => {
  const subUser = await findManagedSubUser(principal, body.sub_user_id);
  return { data: await readOrderHistory({ frchId: subUser.frch_id, userId: subUser.user_id }, body, 'all', scope.log), message: 'Order history fetched' };
});
