import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { basisPointsOf } from '../sub-users/sub-user-flags';
import { setOneSubUserFlags } from '../sub-users/set-sub-user-flags';

export const updateReferPercentRoute = defineRoute(subUserContracts.updateReferPercent, async ({ body, principal }) => ({
  data: await setOneSubUserFlags(principal, body.sub_user_id, { referral_bp: basisPointsOf(body.referral_percent) }),
  message: 'Referral percent updated.',
  activityNote: `user ${body.sub_user_id}: ${body.referral_percent}%`,
}));
