import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { setOneSubUserFlags } from '../sub-users/set-sub-user-flags';

export const updateSubUserPurchaseIpAllowFlagRoute = defineRoute(subUserContracts.updateSubUserPurchaseIpAllowFlag, async ({ body, principal }) => ({
  data: await setOneSubUserFlags(principal, body.sub_user_id, { purchase_ip_allowed: body.allowed }),
  message: body.allowed ? 'Static IP purchases allowed.' : 'Static IP purchases stopped.',
  activityNote: `user ${body.sub_user_id}: ${body.allowed ? 'allowed' : 'not allowed'}`,
}));
