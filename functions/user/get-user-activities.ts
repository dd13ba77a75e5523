import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { readActivityLog } from './activity-log';

export const getUserActivitiesRoute = defineRoute(userContracts.getUserActivities, async ({ body, principal }) => {
  const page = await readActivityLog(principal, body);
  return { data: page, message: 'Activities fetched' };
});
