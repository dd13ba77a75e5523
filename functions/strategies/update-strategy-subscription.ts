import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { updateStrategySubscription } from '../group-strategies/change-subscription';
import { defineRoute } from '../platform/http/route';

export const updateStrategySubscriptionRoute = defineRoute(strategySubscriptionContracts.updateStrategySubscription, async ({ body, principal, scope }) => {
  const subscription = await updateStrategySubscription(principal, body, scope.log);
  return {
    data: subscription,
    message: body.subscribed === false ? 'Subscription ended' : 'Subscription updated',
    activityNote: `${subscription.strategy_name}${body.subscribed === false ? ': Not Subscribe' : ''}`,
  };
});
