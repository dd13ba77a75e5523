import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { setOneSubUserFlags } from '../sub-users/set-sub-user-flags';

export const updateSubUserDematAllowFlagRoute = defineRoute(subUserContracts.updateSubUserDematAllowFlag, async ({ body, principal }) => ({
  data: await setOneSubUserFlags(principal, body.sub_user_id, { demat_allowed: body.allowed }),
  message: body.allowed ? 'Broker connections allowed.' : 'Broker connections stopped.',
  activityNote: `user ${body.sub_user_id}: ${body.allowed ? 'allowed' : 'not allowed'}`,
}));
