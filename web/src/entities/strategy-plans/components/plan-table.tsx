import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import { formatMoneyExact } from '@/lib/format/money';
import { dayText } from '../plan-text';

/** A column after the plan's own four: the owner's status and actions, or a user's Subscribe. */
export interface PlanColumn {
  header: string;
  cell: (plan: StrategyPlan) => ReactNode;
}

interface PlanTableProps {
  /** The table's accessible name. */
  label: string;
  plans: readonly StrategyPlan[];
  extraColumns?: readonly PlanColumn[];
}

/** Plans as the owner and the users both see them: label, duration, price in credits (₹) and the minimum-capital note. */
export function PlanTable({ label, plans, extraColumns = [] }: PlanTableProps) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell as="th">Plan</TableCell>
          <TableCell as="th">Duration</TableCell>
          <TableCell as="th">Price</TableCell>
          <TableCell as="th">Minimum capital</TableCell>
          {extraColumns.map((column) => (
            <TableCell key={column.header} as="th">
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {plans.map((plan) => (
          <TableRow key={plan.plan_id}>
            <TableCell>{plan.label}</TableCell>
            <TableCell>{dayText(plan.duration_days)}</TableCell>
            <TableCell>{formatMoneyExact(plan.price_credits)}</TableCell>
            <TableCell>{plan.min_capital_note ?? '—'}</TableCell>
            {extraColumns.map((column) => (
              <TableCell key={column.header}>{column.cell(plan)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
