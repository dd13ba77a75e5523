import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { PlanTable } from '@/entities/strategy-plans/components/plan-table';
import { useStrategyPlans } from '../api/use-strategy-reads';
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
        <PlanTable
          label="Plans"
          plans={rows}
          extraColumns={[
            {
              header: 'Status',
              cell: (plan) => (plan.withdrawn ? <Badge variation="warning">Withdrawn</Badge> : <Badge variation="success">Offered</Badge>),
            },
            {
              header: 'Actions',
              cell: (plan) =>
                plan.withdrawn ? null : (
                  <Button
                    size="small"
                    aria-label={`Withdraw ${plan.label}`}
                    onClick={() => dialogs.open(<WithdrawPlanDialog groupId={groupId} plan={plan} onClose={dialogs.close} />)}
                  >
                    Withdraw
                  </Button>
                ),
            },
          ]}
        />
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
