import { Button, Text } from '@aws-amplify/ui-react';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import { PlanTable, type PlanColumn } from '@/entities/strategy-plans/components/plan-table';
import { offeredPlans } from '@/entities/strategy-plans/plan-text';

interface PlanOffersProps {
  strategyName: string;
  plans: readonly StrategyPlan[];
  /** Null while the user's subscription runs: a plan can be bought again only after it ends. */
  onSubscribe: ((plan: StrategyPlan) => void) | null;
}

/** The plans on offer: label, duration, price in credits (₹) and the owner's minimum-capital note, each with Subscribe. */
export function PlanOffers({ strategyName, plans, onSubscribe }: PlanOffersProps) {
  const offered = offeredPlans(plans);
  if (offered.length === 0) return <Text variation="secondary">No plan is on offer right now.</Text>;
  const subscribeColumns: PlanColumn[] = onSubscribe
    ? [
        {
          header: 'Subscribe',
          cell: (plan) => (
            <Button size="small" variation="primary" aria-label={`Subscribe to ${plan.label}`} onClick={() => onSubscribe(plan)}>
              Subscribe
            </Button>
          ),
        },
      ]
    : [];
  return <PlanTable label={`Plans of ${strategyName}`} plans={offered} extraColumns={subscribeColumns} />;
}
