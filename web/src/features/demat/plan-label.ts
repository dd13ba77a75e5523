import type { BrokerPlan } from '@shared/contracts/broker';
import { formatCount } from '@/lib/format/number';

/** `Monthly · 30 days · 500 credits`: what a plan gives and costs. */
export function planSummary(plan: BrokerPlan): string {
  const days = `${plan.duration} day${plan.duration === 1 ? '' : 's'}`;
  return `${plan.plan_label} · ${days} · ${formatCount(plan.price)} credits`;
}
