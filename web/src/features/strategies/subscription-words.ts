import type { BrokerAccount } from '@shared/contracts/broker';
import type { SubscribedStrategy } from '@shared/contracts/strategy-subscriptions';
import { formatDisplayDate } from '@/lib/format/date-time';

export const NO_STRATEGIES_TEXT = 'No strategy is offered to you yet. When a strategy is opened to you, it will show here with its plans.';

/**
 * Why this list shows no past returns: SEBI bars advertising an algo's past or expected returns
 * (../shared/reference/money-hierarchy-egress.md §4); the records stay with the strategy's owner,
 * subscribers and permitted users (the same rule as STRATEGY_RECORDS_NOTICE on the records tab).
 */
export const NO_PAST_RETURNS_TEXT =
  "Past returns are not shown here: SEBI rules do not allow advertising the past returns of an algo. A strategy's records are shared only with its subscribers and the users its owner permits.";

/** An account as the user knows it: broker and client id (and the user's own note, if any). */
export const accountText = (account: BrokerAccount) => (account.note ? `${account.broker_combined_name} · ${account.note}` : account.broker_combined_name);

/** Compared in whole paise, so ₹0.1 + ₹0.2 never reads as short of ₹0.3. */
export const isBalanceShort = (balanceRupees: number, priceCredits: number) => Math.round(balanceRupees * 100) < Math.round(priceCredits * 100);

/** A subscription that still runs offers Change and Not Subscribe; after an Expired one the plans can be bought again. */
export const isRunning = (subscription: SubscribedStrategy | null): subscription is SubscribedStrategy => subscription?.status === 'Active';

const END_REASON_TEXT: Readonly<Record<NonNullable<SubscribedStrategy['end_reason']>, string>> = {
  expired: 'its period ended',
  unsubscribed: 'you chose Not Subscribe',
  removed_by_owner: 'the owner ended it',
};

/** When and why an Expired subscription stopped: "12 Mar 2026, you chose Not Subscribe". */
export function subscriptionEndText(subscription: SubscribedStrategy): string {
  const endedOn = formatDisplayDate(subscription.ended_at ?? subscription.until);
  return subscription.end_reason ? `${endedOn}, ${END_REASON_TEXT[subscription.end_reason]}` : endedOn;
}
