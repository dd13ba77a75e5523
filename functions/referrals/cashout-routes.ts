import { referralContracts } from '../../shared/contracts/referrals';
import { now as clockNow } from '../platform/clock';
import { ForbiddenError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';
import { decideCashout, listFranchiseCashoutViews } from '../referral-rewards/cashout-decisions';
import { cashOutReferralEarnings } from '../referral-rewards/referral-cashout';
import { ownCashoutViews } from '../referral-rewards/referral-overview';

/** The caller's cash-outs, or (broker panel, `scope=franchise`) every cash-out of the franchise. */
export const getCashoutReferralsRoute = defineRoute(referralContracts.getCashoutReferrals, async ({ principal, body }) => {
  if (body.scope === 'own') return { data: await ownCashoutViews(principal.frchId, principal.userId, body.status), message: 'Cash-outs fetched' };
  if (!principal.roles.is_brokerpanel) throw new ForbiddenError();
  return { data: await listFranchiseCashoutViews(principal.frchId, body.status, body), message: 'Cash-outs fetched' };
});

/** Cashes out referral earnings to the wallet or to a bank account. */
export const referralCashoutRoute = defineRoute(referralContracts.referralCashout, async ({ principal, body }) => {
  const outcome = await cashOutReferralEarnings({ frchId: principal.frchId, userId: principal.userId }, body, clockNow());
  if (outcome.replayed) return { data: outcome, message: 'This cash-out was already made', skipActivity: true };
  return { data: outcome, message: body.choice === 'credit' ? 'Referral earnings added to your wallet' : 'Cash-out requested' };
});

/** Broker panel: initiates, completes or rejects a withdrawal of the franchise. */
export const updateCashoutReferralsRoute = defineRoute(referralContracts.updateCashoutReferrals, async ({ principal, body, scope }) => ({
  data: await decideCashout(principal, { userId: body.user_id, cashoutId: body.cashout_id }, body.status, body.reason ?? null, clockNow(), scope.log),
  message: 'Cash-out updated',
}));
