import { authContracts } from '../../shared/contracts/auth';
import { definePublicRoute } from '../platform/http/route';
import { referrerDisplayName, referrerOrRefuse } from './referrer';

export const getReferralNameRoute = definePublicRoute(authContracts.getReferralName, async ({ body, scope }) => {
  const referrer = await referrerOrRefuse(scope.franchiseId, body.referral_code);
  return { data: { referral_name: referrerDisplayName(referrer) }, message: 'Referral code is valid' };
});
