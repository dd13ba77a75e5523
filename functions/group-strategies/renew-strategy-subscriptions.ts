import { rupeesFromPaise } from '../../shared/domain/money';
import { subscriberChildChangeItems } from '../data/strategies/strategy-fan-out-items';
import { getStrategyPlan } from '../data/strategies/strategy-plans-repository';
import { followerWriteItem, listDueFollowers, subscriberRecordItem, type FollowerItem } from '../data/strategies/strategy-subscriptions-repository';
import { transactIfConditionsHold, type TransactItem } from '../data/table';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { moveWallet, NOT_ENOUGH_CREDIT_MESSAGE } from '../wallet/move-wallet';
import { endSubscription, ownerOfFollower, removeEndedChild } from './end-subscription';
import { retryOnConflict } from './subscription-conflicts';
import { periodEnd, scheduled, STRATEGY_NOTIFY_TYPE } from './subscription-terms';

export interface StrategyRenewalSummary {
  noticed: number;
  renewed: number;
  expired: number;
  /** Ended subscribers' accounts taken out of the fan-out. */
  removed: number;
  /** Rows another writer changed meanwhile, or children still with pending orders (the next run sees them again). */
  skipped: number;
}

type Outcome = keyof StrategyRenewalSummary;

async function tell(follower: FollowerItem, message: string, log: Logger): Promise<void> {
  await notifyUser(follower.frch_id, follower.user_id, { notifyType: STRATEGY_NOTIFY_TYPE, message }, log).catch((error: unknown) =>
    log.warn('strategy notification not stored', { error }),
  );
}

const day = (iso: string) => iso.slice(0, 10);

/** The reminder, once per period (recorded first, so two runs never send it twice). */
async function sendNotice(follower: FollowerItem, now: Date, log: Logger): Promise<Outcome> {
  const next = scheduled({ ...follower, renewal_notice_for: follower.until });
  if (!(await transactIfConditionsHold([followerWriteItem(follower, next, now)]))) return 'skipped';
  const message = follower.auto_renew
    ? `Your subscription to the strategy ${follower.strategy_name} renews on ${day(follower.until)} from your wallet.`
    : `Your subscription to the strategy ${follower.strategy_name} ends on ${day(follower.until)}. Turn on auto-renew to keep copying it.`;
  await tell(follower, message, log);
  return 'noticed';
}

async function expire(follower: FollowerItem, why: string, now: Date, log: Logger): Promise<Outcome> {
  const ended = await endSubscription(follower, 'expired', follower.until, now);
  if (!ended) return 'skipped';
  await tell(follower, `Your subscription to the strategy ${follower.strategy_name} ${why}: your account no longer copies its orders.`, log);
  await removeEndedChild(follower.frch_id, follower.owner_user_id, follower.grp_id, follower.user_id, now).catch(() => false);
  return 'expired';
}

/**
 * One more period of the same plan, in ONE transaction with the follower row's new end, the subscriber's
 * record and the child's `active_until`; paid from the subscriber's wallet under a key naming the
 * subscription and the end it extends (so it happens once per period), or free when the owner added the
 * user. A withdrawn plan or a wallet that cannot pay ends the subscription instead.
 */
async function renew(follower: FollowerItem, now: Date, log: Logger): Promise<Outcome> {
  const owner = ownerOfFollower(follower);
  const plan = await getStrategyPlan(owner, follower.grp_id, follower.plan_id);
  if (!plan || plan.withdrawn_at !== null) return expire(follower, 'ended: its plan is no longer offered', now, log);
  const next = scheduled({ ...follower, until: periodEnd(follower.until, plan.duration_days), renewal_notice_for: null });
  const items: TransactItem[] = [
    followerWriteItem(follower, next, now),
    subscriberRecordItem(next, false, now),
    ...subscriberChildChangeItems(owner, follower.grp_id, follower.grp_broker_id, { multiplier: follower.multiplier, activeUntil: next.until }, now),
  ];
  if (follower.source === 'owner') {
    if (!(await retryOnConflict(() => transactIfConditionsHold(items)))) return 'skipped';
    await tell(follower, `Your subscription to the strategy ${follower.strategy_name} was renewed until ${day(next.until)}.`, log);
    return 'renewed';
  }
  try {
    const outcome = await moveWallet(
      {
        owner: { frchId: follower.frch_id, userId: follower.user_id },
        direction: 'debit',
        amountPaise: plan.price_paise,
        reason: 'strategy_subscription',
        reference: { grp_id: plan.grp_id, plan_id: plan.plan_id, renews: follower.until },
        description: `Strategy ${follower.strategy_name}: ${plan.label} renewed`,
        idempotencyKey: `strategy-renewal#${follower.subscription_id}-${follower.until}`,
      },
      items,
    );
    if (outcome.kind === 'alongside-refused') return 'skipped';
    if (outcome.kind === 'moved') {
      const price = rupeesFromPaise(outcome.movement.amountPaise);
      await tell(follower, `Your subscription to the strategy ${follower.strategy_name} was renewed until ${day(next.until)} for ₹${price} from your wallet.`, log);
    }
    return 'renewed';
  } catch (error) {
    if (error instanceof BusinessRuleError && error.message === NOT_ENOUGH_CREDIT_MESSAGE) return expire(follower, 'ended: your wallet could not pay its renewal', now, log);
    throw error;
  }
}

async function handle(follower: FollowerItem, now: Date, log: Logger): Promise<Outcome> {
  if (follower.state === 'ended') {
    return (await removeEndedChild(follower.frch_id, follower.owner_user_id, follower.grp_id, follower.user_id, now)) ? 'removed' : 'skipped';
  }
  if (Date.parse(follower.until) > now.getTime()) return follower.renewal_notice_for === follower.until ? 'skipped' : sendNotice(follower, now, log);
  return follower.auto_renew ? renew(follower, now, log) : expire(follower, 'ended', now, log);
}

/**
 * The strategy-subscriptions schedule's run: every follower row due by now — reminders 3 days before a
 * period ends, renewals or expiry at its end, and ended subscribers' accounts leaving the fan-out. One
 * row's failure is logged and the run goes on.
 */
export async function runStrategySubscriptionRenewals(log: Logger, onlyFrchId?: number): Promise<StrategyRenewalSummary> {
  const summary: StrategyRenewalSummary = { noticed: 0, renewed: 0, expired: 0, removed: 0, skipped: 0 };
  const now = clockNow();
  for await (const follower of listDueFollowers(now.toISOString(), onlyFrchId)) {
    try {
      summary[await handle(follower, now, log)] += 1;
    } catch (error) {
      summary.skipped += 1;
      log.error('strategy subscription not renewed', { grpId: follower.grp_id, userId: follower.user_id, error });
    }
  }
  return summary;
}
