import type { ResponseOf } from '../../shared/contracts/define-call';
import type { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { listStrategySubscriptions, type SubscriberOwner } from '../data/strategies/strategy-subscriptions-repository';
import { now as clockNow } from '../platform/clock';

type SubscribedStrategies = ResponseOf<typeof subUserViewContracts.getSubscribedStrategies>;

/**
 * A user's group-strategy subscriptions, newest first: Active while `until` is still ahead of the clock,
 * Expired after. Nothing in the product writes subscriptions before the strategies issue, so until then
 * the list is honestly empty.
 */
export async function readSubscribedStrategies(owner: SubscriberOwner, now = clockNow()): Promise<SubscribedStrategies> {
  const subscriptions = await listStrategySubscriptions(owner);
  return {
    items: subscriptions.map((subscription) => ({ ...subscription, status: Date.parse(subscription.until) > now.getTime() ? 'Active' : 'Expired' })),
  };
}
