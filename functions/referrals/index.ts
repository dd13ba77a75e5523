import { createGroupHandler } from '../http/group-handler';
import { getCashoutReferralsRoute, referralCashoutRoute, updateCashoutReferralsRoute } from './cashout-routes';
import { referralDataRoute } from './referral-data';
import { getActiveReferralsRoute, getAllReferralsRoute, getReferralEarningsRoute } from './referral-lists';

/**
 * Route group `referrals` (spec §7 `/users/referrals/`; issue 19): the caller's referral code, referred
 * users, earnings and cash-outs, and the broker panel's decisions on withdrawals (functions/referral-rewards).
 */
export const handler = createGroupHandler('referrals', [
  referralDataRoute,
  getAllReferralsRoute,
  getActiveReferralsRoute,
  getReferralEarningsRoute,
  getCashoutReferralsRoute,
  referralCashoutRoute,
  updateCashoutReferralsRoute,
]);
