import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { setManySubUserFlags } from '../sub-users/set-sub-user-flags';

export const allowDisallowDematRoute = defineRoute(subUserContracts.allowDisallowDemat, async ({ body, principal }) => {
  const answer = await setManySubUserFlags(principal, body, 'demat_allowed');
  return {
    data: answer,
    message: `Broker connections ${body.allowed ? 'allowed' : 'stopped'} for ${answer.updated} user(s).`,
    activityNote: `${answer.updated} user(s): ${body.allowed ? 'allowed' : 'not allowed'}`,
  };
});
