import { rupeesFromPaise } from '../../shared/domain/money';
import { balanceChangeItem, earningPutItem, readReferralProfile, type StoredEarning } from '../data/referrals/referral-earnings-repository';
import type { TransactItem } from '../data/table';
import { getUser } from '../data/users-repository';
import type { Logger } from '../platform/logger';
import { notifyUser } from '../notifications/notify-user';
import { referralPercentBp, earningOf } from './referral-percent';

/**
 * Referral earnings accrue in the SAME transaction as the payment's wallet credit (issue 19): the payment
 * confirmation passes these items as the movement's `alongside` items, so the earning exists exactly when
 * the credit does. The earning's key is the payment, and a repeated confirmation is a replay of the credit
 * (which writes no alongside item), so a payment earns once.
 */
export interface PaymentToReward {
  readonly frchId: number;
  /** Who paid (the referred user). */
  readonly userId: number;
  readonly paymentId: string;
  readonly amountPaise: number;
  readonly source: StoredEarning['source'];
}

export interface ReferralAccrual {
  readonly items: TransactItem[];
  /** What was earned (null when nothing is: no referrer, a percent of 0, or less than a paisa). */
  readonly earning: StoredEarning | null;
}

const NOTHING: ReferralAccrual = { items: [], earning: null };

/** The items that record the referrer's earning from this payment, or none. */
export async function referralItemsFor(payment: PaymentToReward, now: Date): Promise<ReferralAccrual> {
  const profile = await readReferralProfile(payment.frchId, payment.userId);
  if (profile?.referredBy == null || profile.referredBy === payment.userId) return NOTHING;
  const referrer = await getUser(payment.frchId, profile.referredBy);
  if (!referrer) return NOTHING;
  const percentBp = await referralPercentBp(referrer);
  const earned = earningOf(payment.amountPaise, percentBp);
  if (earned <= 0) return NOTHING;
  const nowIso = now.toISOString();
  const earning: StoredEarning = {
    payment_id: payment.paymentId,
    source: payment.source,
    referrer_id: referrer.user_id,
    referred_user_id: payment.userId,
    payment_amount_paise: payment.amountPaise,
    percent_bp: percentBp,
    earned_paise: earned,
    createdAt: nowIso,
  };
  return {
    earning,
    items: [earningPutItem(payment.frchId, earning), balanceChangeItem(payment.frchId, referrer.user_id, { balance_paise: earned, earned_paise: earned }, nowIso)],
  };
}

/** Tells the referrer what it earned, after the commit; a failed notification never undoes the earning. */
export async function announceEarning(frchId: number, earning: StoredEarning | null, log: Logger): Promise<void> {
  if (!earning) return;
  try {
    const message = `You earned ₹${rupeesFromPaise(earning.earned_paise).toFixed(2)} from a payment of a user you referred.`;
    await notifyUser(frchId, earning.referrer_id, { notifyType: 'Referral Earning', message }, log);
  } catch (error) {
    log.warn('referral earning notification not stored', { paymentId: earning.payment_id, error });
  }
}
