import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { subscribeToStrategy } from '../group-strategies/subscribe-to-strategy';
import { defineRoute } from '../platform/http/route';

export const userStrategySubscriptionRoute = defineRoute(strategySubscriptionContracts.userStrategySubscription, async ({ body, principal, scope }) => {
  const answer = await subscribeToStrategy(principal, body, scope.log);
  const { subscription } = answer;
  return {
    data: answer,
    message: answer.replayed ? 'This subscription was already made' : 'Subscribed',
    activityNote: `${subscription.strategy_name}, ${subscription.plan_label}, ${subscription.multiplier}×${body.sub_user_id === undefined ? '' : ` for user ${body.sub_user_id}`}`,
    skipActivity: answer.replayed,
  };
});
