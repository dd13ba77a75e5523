import type { BrokerPlan } from '../../shared/contracts/broker';

/**
 * Subscription plans for real-broker accounts (spec §3: duration, plan_label; DESIGN.md §5: price in
 * credits). The spec does not show the figures; these are the platform's own, in whole credits.
 */
export const BROKER_PLANS: readonly BrokerPlan[] = [
  { plan_id: 'monthly', plan_label: 'Monthly', duration: 30, price: 500 },
  { plan_id: 'quarterly', plan_label: 'Quarterly', duration: 90, price: 1_350 },
  { plan_id: 'half_yearly', plan_label: 'Half-yearly', duration: 180, price: 2_500 },
  { plan_id: 'yearly', plan_label: 'Yearly', duration: 365, price: 4_500 },
];

export function findBrokerPlan(planId: string): BrokerPlan | null {
  return BROKER_PLANS.find((plan) => plan.plan_id === planId) ?? null;
}
