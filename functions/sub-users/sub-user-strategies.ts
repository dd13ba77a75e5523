import type { ResponseOf } from '../../shared/contracts/define-call';
import type { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { listStrategySubscriptions, type SubscriberOwner } from '../data/strategies/strategy-subscriptions-repository';
import { toSubscribedStrategy } from '../group-strategies/subscription-views';
import { now as clockNow } from '../platform/clock';

type SubscribedStrategies = ResponseOf<typeof subUserViewContracts.getSubscribedStrategies>;

/** A user's group-strategy subscriptions, newest first, Active or Expired by the subscriptions' one rule. */
export async function readSubscribedStrategies(owner: SubscriberOwner, now = clockNow()): Promise<SubscribedStrategies> {
  const subscriptions = await listStrategySubscriptions(owner);
  return { items: subscriptions.map((subscription) => toSubscribedStrategy(subscription, now)) };
}
