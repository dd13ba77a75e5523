import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { listSubUsers } from '../sub-users/list-sub-users';

export const getSubUsersRoute = defineRoute(subUserContracts.getSubUsers, async ({ body, principal }) => ({
  data: await listSubUsers(principal, body),
  message: 'Users fetched successfully',
}));
