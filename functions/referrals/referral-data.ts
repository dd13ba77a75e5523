import { referralContracts } from '../../shared/contracts/referrals';
import { getUser } from '../data/users-repository';
import { siteOrigin } from '../payments/payment-urls';
import { now as clockNow } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';
import { referralDataOf } from '../referral-rewards/referral-overview';

/** The caller's referral code, link and totals. */
export const referralDataRoute = defineRoute(referralContracts.referralData, async ({ principal, scope }) => {
  const user = await getUser(principal.frchId, principal.userId);
  if (!user) throw new NotFoundError('User not found');
  return { data: await referralDataOf(user, siteOrigin(scope.raw), clockNow()), message: 'Referral data fetched' };
});
