import type { BrokerPlan } from '../../../shared/contracts/broker';
import type { BrokerAccountItem } from '../../data/broker-accounts-repository';

export const DAY_MS = 86_400_000;

type SubscriptionFields = Pick<BrokerAccountItem, 'subscription_started_at' | 'subscription_expires_at' | 'subscription_paid_credits'>;

function isActive(account: SubscriptionFields, now: Date): account is SubscriptionFields & { subscription_expires_at: string } {
  return account.subscription_expires_at !== null && Date.parse(account.subscription_expires_at) > now.getTime();
}

/**
 * A purchase extends an active subscription from its end (the paid period and price add up) or starts
 * a new one now. The paid period and price are what a refund is worked out from.
 */
export function extendSubscription(account: SubscriptionFields, plan: BrokerPlan, now: Date) {
  const active = isActive(account, now);
  const from = active ? Date.parse(account.subscription_expires_at) : now.getTime();
  return {
    subscription_plan_id: plan.plan_id,
    subscription_started_at: active ? (account.subscription_started_at ?? now.toISOString()) : now.toISOString(),
    subscription_expires_at: new Date(from + plan.duration * DAY_MS).toISOString(),
    subscription_paid_credits: (active ? account.subscription_paid_credits : 0) + plan.price,
  };
}

export interface Refund {
  readonly refundCredits: number;
  readonly remainingDays: number;
  readonly paidDays: number;
  readonly paidCredits: number;
}

/** Pro rata by whole days: paid × remaining days ÷ paid days, rounded down to whole credits. */
export function refundOf(account: SubscriptionFields, now: Date): Refund {
  if (!isActive(account, now) || !account.subscription_started_at) return { refundCredits: 0, remainingDays: 0, paidDays: 0, paidCredits: 0 };
  const end = Date.parse(account.subscription_expires_at);
  const paidDays = Math.round((end - Date.parse(account.subscription_started_at)) / DAY_MS);
  const remainingDays = Math.min(paidDays, Math.floor((end - now.getTime()) / DAY_MS));
  const paidCredits = account.subscription_paid_credits;
  const refundCredits = paidDays > 0 ? Math.floor((paidCredits * remainingDays) / paidDays) : 0;
  return { refundCredits, remainingDays, paidDays, paidCredits };
}

/** The refund explained in words, as the remove dialog shows it. */
export function refundNote(refund: Refund): string {
  if (refund.paidDays === 0) return 'This account has no active subscription, so removing it refunds nothing.';
  if (refund.refundCredits === 0) {
    return 'Less than one full day is left on this subscription, so removing the account refunds nothing.';
  }
  return (
    `${refund.remainingDays} of the ${refund.paidDays} paid days are left (${refund.paidCredits} credits paid). ` +
    `Removing this account refunds ${refund.refundCredits} credits to your wallet ` +
    `(${refund.paidCredits} × ${refund.remainingDays} ÷ ${refund.paidDays}, rounded down to whole credits).`
  );
}
