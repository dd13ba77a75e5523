import { referralContracts } from '../../shared/contracts/referrals';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { activeReferralsOf, earningsPageOf, referredUsersOf } from '../referral-rewards/referral-overview';

/** Every user the caller referred. */
export const getAllReferralsRoute = defineRoute(referralContracts.getAllReferrals, async ({ principal }) => ({
  data: { items: await referredUsersOf(principal.frchId, principal.userId) },
  message: 'Referrals fetched',
}));

/** The referred users who are active, and why. */
export const getActiveReferralsRoute = defineRoute(referralContracts.getActiveReferrals, async ({ principal }) => ({
  data: { items: await activeReferralsOf(principal.frchId, principal.userId, clockNow()) },
  message: 'Active referrals fetched',
}));

/** The caller's earnings, one per payment. */
export const getReferralEarningsRoute = defineRoute(referralContracts.getReferralEarnings, async ({ principal, body }) => ({
  data: await earningsPageOf(principal.frchId, principal.userId, body),
  message: 'Referral earnings fetched',
}));
