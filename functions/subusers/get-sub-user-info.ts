import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { subUserInfo } from '../sub-users/sub-user-info';

export const getSubUserInfoRoute = defineRoute(subUserContracts.getSubUserInfo, async ({ body, principal }) => ({
  data: await subUserInfo(principal, body.sub_user_id),
  message: 'User fetched successfully',
}));
