import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { readAvailableStrategies } from '../group-strategies/strategy-followers';
import { defineRoute } from '../platform/http/route';

export const getAvailableStrategiesRoute = defineRoute(strategySubscriptionContracts.getAvailableStrategies, async ({ principal }) => ({
  data: await readAvailableStrategies(principal),
  message: 'Strategies fetched',
}));
