import type { StrategyPlan } from '@shared/contracts/strategy-plans';

/** "1 day", "30 days": a plan's duration. */
export const dayText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** "Quarterly (90 days)": a plan as a choice in a list. */
export const planChoiceText = (plan: Pick<StrategyPlan, 'label' | 'duration_days'>) => `${plan.label} (${dayText(plan.duration_days)})`;

/** The plans a new subscription may take: withdrawn ones keep their subscribers but are no longer offered. */
export const offeredPlans = (plans: readonly StrategyPlan[]) => plans.filter((plan) => !plan.withdrawn);
