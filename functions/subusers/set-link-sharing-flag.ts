import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { setOneSubUserFlags } from '../sub-users/set-sub-user-flags';

export const setLinkSharingFlagRoute = defineRoute(subUserContracts.setLinkSharingFlag, async ({ body, principal }) => ({
  data: await setOneSubUserFlags(principal, body.sub_user_id, { link_sharing: body.allowed }),
  message: body.allowed ? 'Link sharing allowed.' : 'Link sharing stopped.',
  activityNote: `user ${body.sub_user_id}: ${body.allowed ? 'allowed' : 'not allowed'}`,
}));
