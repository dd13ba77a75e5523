import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { readStrategyUsers } from '../group-strategies/strategy-followers';
import { defineRoute } from '../platform/http/route';

export const getStrategyUsersRoute = defineRoute(strategySubscriptionContracts.getStrategyUsers, async ({ body, principal }) => ({
  data: await readStrategyUsers(principal, body),
  message: 'Strategy users fetched',
}));
