import { strategyPlanContracts } from '../../shared/contracts/strategy-plans';
import { withdrawPlan } from '../group-strategies/strategy-plans';
import { defineRoute } from '../platform/http/route';

export const deleteStrategyPlanRoute = defineRoute(strategyPlanContracts.deleteStrategyPlan, async ({ body, principal }) => ({
  data: await withdrawPlan(principal, body.group_id, body.plan_id),
  message: 'Plan withdrawn: no longer offered; current subscriptions run to their end',
}));
