import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { defineRoute } from '../platform/http/route';
import { findManagedSubUser } from '../sub-users/sub-user-scope';
import { readSubscribedStrategies } from '../sub-users/sub-user-strategies';

export const getSubscribedStrategiesRoute = defineRoute(subUserViewContracts.getSubscribedStrategies, async ({ body, principal }) => {
  const subUser = await findManagedSubUser(principal, body.sub_user_id);
  return { data: await readSubscribedStrategies({ frchId: subUser.frch_id, userId: subUser.user_id }), message: 'Subscribed strategies fetched' };
});
