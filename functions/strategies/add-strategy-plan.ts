import { strategyPlanContracts } from '../../shared/contracts/strategy-plans';
import { addStrategyPlan } from '../group-strategies/strategy-plans';
import { defineRoute } from '../platform/http/route';

export const addStrategyPlanRoute = defineRoute(strategyPlanContracts.addStrategyPlan, async ({ body, principal }) => ({
  data: await addStrategyPlan(principal, body),
  message: 'Plan added',
}));
