import type * as z from 'zod';
import { ACTIVE_REFERRAL_DAYS, type activeReferralSchema, type CashoutView, type referralEarningSchema } from '../../shared/contracts/referrals';
import type { referredUserSchema } from '../../shared/contracts/subuser-views';
import { WEB_BASE_PATH } from '../../shared/domain/constants';
import { listBrokerAccounts } from '../data/broker-accounts-repository';
import { listUserCashouts } from '../data/referrals/referral-cashouts-repository';
import { getEarningsTotals, listAllEarnings, listEarningsPage, listReferredUsers, readReferralProfile, type StoredEarning } from '../data/referrals/referral-earnings-repository';
import type { UserItem } from '../data/user-item';
import { getUser } from '../data/users-repository';
import { listLedgerPage } from '../data/wallet/ledger-repository';
import { cashoutViews, nameOf } from './cashout-view';
import { referralPercentBp } from './referral-percent';
import { percentOf } from '../sub-users/sub-user-flags';

type ReferredUser = z.infer<typeof referredUserSchema>;
type ActiveReferral = z.infer<typeof activeReferralSchema>;
type EarningView = z.infer<typeof referralEarningSchema>;

const DAY_MS = 86_400_000;
/** Credits that are payments of the referred user (what makes it active, as what earns). */
const PAYMENT_REASONS = new Set(['phonepe_payment', 'bank_transfer']);

/** The registration link carrying the code (the register screen fills it in). */
export function referralLinkOf(origin: string, code: string): string {
  return `${origin}${WEB_BASE_PATH}register?referral_code=${encodeURIComponent(code)}`;
}

function earnedByUser(earnings: readonly StoredEarning[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const earning of earnings) sums.set(earning.referred_user_id, (sums.get(earning.referred_user_id) ?? 0) + earning.earned_paise);
  return sums;
}

function referredView(user: UserItem, earned: ReadonlyMap<number, number>): ReferredUser {
  return { user_id: user.user_id, name: nameOf(user), email: user.email, joined_at: user.createdAt, earned_paise: earned.get(user.user_id) ?? 0 };
}

/** Every user the referrer referred, with what it earned from each. */
export async function referredUsersOf(frchId: number, referrerId: number): Promise<ReferredUser[]> {
  const [users, earnings] = await Promise.all([listReferredUsers(frchId, referrerId), listAllEarnings(frchId, referrerId)]);
  const earned = earnedByUser(earnings);
  return users.map((user) => referredView(user, earned));
}

/** The latest payment credited to the user since `fromIso`, or null. */
async function lastPaymentSince(owner: { frchId: number; userId: number }, fromIso: string, toIso: string): Promise<string | null> {
  let cursor: string | undefined;
  do {
    const page = await listLedgerPage(owner, { fromIso, toIso }, { limit: 100, cursor });
    const payment = page.items.find((entry) => entry.type === 'credit' && PAYMENT_REASONS.has(entry.reason));
    if (payment) return payment.create_time;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return null;
}

/** The latest end of a paid, unexpired broker subscription of the user, or null. */
async function paidSubscriptionUntil(owner: { frchId: number; userId: number }, now: Date): Promise<string | null> {
  const ends = (await listBrokerAccounts(owner))
    .filter((account) => account.status !== 'deleted' && account.subscription_paid_credits > 0 && account.subscription_expires_at !== null && Date.parse(account.subscription_expires_at) > now.getTime())
    .map((account) => account.subscription_expires_at as string)
    .sort();
  return ends.at(-1) ?? null;
}

/** Why a referred user is active (a payment in the last 30 days first, else a paid subscription), or null. */
async function activityOf(user: UserItem, now: Date): Promise<Pick<ActiveReferral, 'active_because' | 'last_payment_at' | 'subscription_expires_at'> | null> {
  const owner = { frchId: user.frch_id, userId: user.user_id };
  const lastPayment = await lastPaymentSince(owner, new Date(now.getTime() - ACTIVE_REFERRAL_DAYS * DAY_MS).toISOString(), now.toISOString());
  if (lastPayment) return { active_because: 'recent_payment', last_payment_at: lastPayment, subscription_expires_at: null };
  const until = await paidSubscriptionUntil(owner, now);
  return until ? { active_because: 'paid_subscription', last_payment_at: null, subscription_expires_at: until } : null;
}

export async function activeReferralsOf(frchId: number, referrerId: number, now: Date): Promise<ActiveReferral[]> {
  const [users, earnings] = await Promise.all([listReferredUsers(frchId, referrerId), listAllEarnings(frchId, referrerId)]);
  const earned = earnedByUser(earnings);
  const activities = await Promise.all(users.map((user) => activityOf(user, now)));
  return users.flatMap((user, index) => {
    const activity = activities[index];
    return activity ? [{ ...referredView(user, earned), ...activity }] : [];
  });
}

/** `referraldata`: the caller's code, link, percent and totals. */
export async function referralDataOf(user: UserItem, origin: string, now: Date) {
  const [profile, totals, referred, active, percentBp] = await Promise.all([
    readReferralProfile(user.frch_id, user.user_id),
    getEarningsTotals(user.frch_id, user.user_id),
    listReferredUsers(user.frch_id, user.user_id),
    activeReferralsOf(user.frch_id, user.user_id, now),
    referralPercentBp(user),
  ]);
  const code = profile?.referralCode ?? '';
  return {
    referral_code: code,
    referral_link: code ? referralLinkOf(origin, code) : '',
    percent: percentOf(percentBp),
    totals: {
      earned_paise: totals.earnedPaise,
      cashed_out_paise: totals.cashedOutPaise,
      pending_cashout_paise: totals.pendingPaise,
      balance_paise: totals.balancePaise,
      referred_count: referred.length,
      active_count: active.length,
    },
  };
}

/** The referrer's earnings, one per payment, newest first, with the payer's name. */
export async function earningsPageOf(frchId: number, referrerId: number, page: { limit: number; cursor?: string | undefined }): Promise<{ items: EarningView[]; next_cursor: string | null }> {
  const { items, nextCursor } = await listEarningsPage(frchId, referrerId, page);
  const ids = [...new Set(items.map((earning) => earning.referred_user_id))];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, nameOf(await getUser(frchId, id))] as const)));
  return {
    items: items.map((earning) => ({
      payment_id: earning.payment_id,
      source: earning.source,
      referred_user_id: earning.referred_user_id,
      referred_user_name: names.get(earning.referred_user_id) ?? '',
      payment_amount_paise: earning.payment_amount_paise,
      percent: percentOf(earning.percent_bp),
      earned_paise: earning.earned_paise,
      created_at: earning.createdAt,
    })),
    next_cursor: nextCursor,
  };
}

/** The user's own cash-outs, newest first, optionally in one status (one page: a user has few). */
export async function ownCashoutViews(frchId: number, userId: number, status: CashoutView['status'] | undefined): Promise<{ items: CashoutView[]; next_cursor: null }> {
  const cashouts = (await listUserCashouts(frchId, userId)).filter((cashout) => !status || cashout.status === status);
  return { items: await cashoutViews(frchId, cashouts), next_cursor: null };
}

/** A sub-user's referrals as its parent sees them (`getreferrals`), with its earnings balance. */
export async function referralsOfSubUser(subUser: UserItem): Promise<{ items: ReferredUser[]; earnings_balance_paise: number }> {
  const [items, totals] = await Promise.all([referredUsersOf(subUser.frch_id, subUser.user_id), getEarningsTotals(subUser.frch_id, subUser.user_id)]);
  return { items, earnings_balance_paise: totals.balancePaise };
}
