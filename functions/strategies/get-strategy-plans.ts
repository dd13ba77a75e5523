import { strategyPlanContracts } from '../../shared/contracts/strategy-plans';
import { readStrategyPlans } from '../group-strategies/strategy-plans';
import { defineRoute } from '../platform/http/route';

export const getStrategyPlansRoute = defineRoute(strategyPlanContracts.getStrategyPlans, async ({ body, principal }) => ({
  data: await readStrategyPlans(principal, body.group_id),
  message: 'Strategy plans fetched',
}));
