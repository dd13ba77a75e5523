import { Badge, Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { formatMoneyExact } from '@/lib/format/money';
import { useStrategyPlans } from '../api/use-strategy-reads';
import { dayText } from '../plan-text';
import { AddPlanDialog } from './add-plan-dialog';
import { WithdrawPlanDialog } from './withdraw-plan-dialog';

/** The plans the strategy sells (withdrawn ones marked), with Add plan and Withdraw. */
export function PlansTab({ groupId }: { groupId: string }) {
  const plans = useStrategyPlans(groupId);
  const dialogs = useDialogSlot();
  const rows: StrategyPlan[] = plans.data ?? [];
  return (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <Flex justifyContent="flex-end">
        <Button variation="primary" onClick={() => dialogs.open(<AddPlanDialog groupId={groupId} onClose={dialogs.close} />)}>
          Add plan
        </Button>
      </Flex>
      {plans.isPending ? <LoadingState label="Loading plans…" /> : null}
      {plans.isError ? <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} /> : null}
      {plans.isSuccess && rows.length === 0 ? <Text variation="secondary">No plans yet. Add one so users can subscribe.</Text> : null}
      {rows.length > 0 ? (
        <Table size="small" aria-label="Plans">
          <TableHead>
            <TableRow>
              <TableCell as="th">Plan</TableCell>
              <TableCell as="th">Duration</TableCell>
              <TableCell as="th">Price</TableCell>
              <TableCell as="th">Minimum capital</TableCell>
              <TableCell as="th">Status</TableCell>
              <TableCell as="th">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((plan) => (
              <TableRow key={plan.plan_id}>
                <TableCell>{plan.label}</TableCell>
                <TableCell>{dayText(plan.duration_days)}</TableCell>
                <TableCell>{formatMoneyExact(plan.price_credits)}</TableCell>
                <TableCell>{plan.min_capital_note ?? '—'}</TableCell>
                <TableCell>{plan.withdrawn ? <Badge variation="warning">Withdrawn</Badge> : <Badge variation="success">Offered</Badge>}</TableCell>
                <TableCell>
                  {plan.withdrawn ? null : (
                    <Button
                      size="small"
                      aria-label={`Withdraw ${plan.label}`}
                      onClick={() => dialogs.open(<WithdrawPlanDialog groupId={groupId} plan={plan} onClose={dialogs.close} />)}
                    >
                      Withdraw
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
