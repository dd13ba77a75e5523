import { Button, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import { formatMoneyExact } from '@/lib/format/money';
import { dayText } from '../subscription-words';

interface PlanOffersProps {
  strategyName: string;
  plans: readonly StrategyPlan[];
  /** Null while the user's subscription runs: a plan can be bought again only after it ends. */
  onSubscribe: ((plan: StrategyPlan) => void) | null;
}

/** The plans on offer: label, duration, price in credits (₹) and the owner's minimum-capital note, each with Subscribe. */
export function PlanOffers({ strategyName, plans, onSubscribe }: PlanOffersProps) {
  const offered = plans.filter((plan) => !plan.withdrawn);
  if (offered.length === 0) return <Text variation="secondary">No plan is on offer right now.</Text>;
  return (
    <Table size="small" aria-label={`Plans of ${strategyName}`}>
      <TableHead>
        <TableRow>
          <TableCell as="th">Plan</TableCell>
          <TableCell as="th">Duration</TableCell>
          <TableCell as="th">Price</TableCell>
          <TableCell as="th">Minimum capital</TableCell>
          {onSubscribe ? <TableCell as="th">Subscribe</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {offered.map((plan) => (
          <TableRow key={plan.plan_id}>
            <TableCell>{plan.label}</TableCell>
            <TableCell>{dayText(plan.duration_days)}</TableCell>
            <TableCell>{formatMoneyExact(plan.price_credits)}</TableCell>
            <TableCell>{plan.min_capital_note ?? '—'}</TableCell>
            {onSubscribe ? (
              <TableCell>
                <Button size="small" variation="primary" aria-label={`Subscribe to ${plan.label}`} onClick={() => onSubscribe(plan)}>
                  Subscribe
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
