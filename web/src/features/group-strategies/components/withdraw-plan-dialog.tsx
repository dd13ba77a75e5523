import type { StrategyPlan } from '@shared/contracts/strategy-plans';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useWithdrawPlan } from '../api/use-strategy-actions';

export const WITHDRAW_PLAN_TEXT = 'Existing subscribers keep their plan to its end; it is no longer offered.';

/** Asks before withdrawing a plan: a withdrawn plan is kept for the subscriptions taken on it. */
export function WithdrawPlanDialog({ groupId, plan, onClose }: { groupId: string; plan: StrategyPlan; onClose: () => void }) {
  const withdraw = useWithdrawPlan(groupId);
  const toast = useToast();
  return (
    <ConfirmActionDialog
      title={`Withdraw ${plan.label}?`}
      text={WITHDRAW_PLAN_TEXT}
      confirmLabel="Withdraw"
      pendingLabel="Withdrawing…"
      isPending={withdraw.isPending}
      error={withdraw.error}
      onClose={onClose}
      onConfirm={() =>
        withdraw.mutate(plan.plan_id, {
          onSuccess: () => {
            toast.success(`${plan.label} is withdrawn.`);
            onClose();
          },
        })
      }
    />
  );
}
