import { ulid } from 'ulid';
import type { RequestOf } from '../../shared/contracts/define-call';
import { STRATEGY_PLAN_NOT_FOUND_MESSAGE, type StrategyPlan, type strategyPlanContracts } from '../../shared/contracts/strategy-plans';
import { paiseFromRupees, rupeesFromPaise } from '../../shared/domain/money';
import { createStrategyPlan, listStrategyPlans, withdrawStrategyPlan, type StrategyPlanItem } from '../data/strategies/strategy-plans-repository';
import { now as clockNow } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { ownedStrategy, viewableStrategy } from './strategy-access';

type NewPlanRequest = RequestOf<typeof strategyPlanContracts.addStrategyPlan>;

export function toStrategyPlan(item: StrategyPlanItem): StrategyPlan {
  return {
    plan_id: item.plan_id,
    group_id: item.grp_id,
    label: item.label,
    duration_days: item.duration_days,
    price_credits: rupeesFromPaise(item.price_paise),
    min_capital_note: item.min_capital_note,
    withdrawn: item.withdrawn_at !== null,
    withdrawn_at: item.withdrawn_at,
    created_at: item.createdAt,
  };
}

/** The owner sees every plan (withdrawn ones keep existing subscriptions' history); a viewer only those offered. */
export async function readStrategyPlans(principal: Principal, grpId: string): Promise<StrategyPlan[]> {
  const access = await viewableStrategy(principal, grpId);
  const plans = await listStrategyPlans(access.owner, access.group.grp_id);
  const shown = access.viewer === 'owner' ? plans : plans.filter((plan) => plan.withdrawn_at === null);
  return shown.map(toStrategyPlan);
}

export async function addStrategyPlan(principal: Principal, request: NewPlanRequest, now = clockNow()): Promise<StrategyPlan> {
  const group = await ownedStrategy(principal, request.group_id);
  // The contract accepts only whole paise, so the conversion is exact.
  const pricePaise = paiseFromRupees(request.price_credits) ?? 0;
  const created = await createStrategyPlan(
    principal,
    {
      plan_id: ulid(now.getTime()),
      grp_id: group.grp_id,
      label: request.label,
      duration_days: request.duration_days,
      price_paise: pricePaise,
      min_capital_note: request.min_capital_note || null,
    },
    now,
  );
  return toStrategyPlan(created);
}

/**
 * Withdraws a plan: it is no longer offered, but stays for the subscriptions taken on it, which run to
 * their end. A plan that is missing or already withdrawn is 404.
 */
export async function withdrawPlan(principal: Principal, grpId: string, planId: string, now = clockNow()): Promise<StrategyPlan> {
  const group = await ownedStrategy(principal, grpId);
  const withdrawn = await withdrawStrategyPlan(principal, group.grp_id, planId, now);
  if (!withdrawn) throw new NotFoundError(STRATEGY_PLAN_NOT_FOUND_MESSAGE);
  return toStrategyPlan(withdrawn);
}
