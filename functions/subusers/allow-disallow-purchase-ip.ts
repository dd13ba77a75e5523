import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { setManySubUserFlags } from '../sub-users/set-sub-user-flags';

export const allowDisallowPurchaseIpRoute = defineRoute(subUserContracts.allowDisallowPurchaseIp, async ({ body, principal }) => {
  const answer = await setManySubUserFlags(principal, body, 'purchase_ip_allowed');
  return {
    data: answer,
    message: `Static IP purchases ${body.allowed ? 'allowed' : 'stopped'} for ${answer.updated} user(s).`,
    activityNote: `${answer.updated} user(s): ${body.allowed ? 'allowed' : 'not allowed'}`,
  };
});
