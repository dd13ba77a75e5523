import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { defineRoute } from '../platform/http/route';
import { findManagedSubUser } from '../sub-users/sub-user-scope';
import { readActivityLog } from '../user/activity-log';

export const getSubUserActivitiesRoute = defineRoute(subUserViewContracts.getSubUserActivities, async ({ body, principal }) => {
  const subUser = await findManagedSubUser(principal, body.sub_user_id);
  return { data: await readActivityLog({ frchId: subUser.frch_id, userId: subUser.user_id }, body), message: 'Activities fetched' };
});
