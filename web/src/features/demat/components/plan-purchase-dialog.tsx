import { Alert, Flex, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { DialogActions } from '@/components/dialog-actions';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { formatCount } from '@/lib/format/number';
import { useAttemptKey } from '@/lib/use-attempt-key';
import { useBrokerPlans } from '../api/use-broker-plans';
import { useBuyPlan } from '../api/use-buy-plan';
import { planSummary } from '../plan-label';

interface PlanPurchaseDialogProps {
  account: BrokerAccount;
  onClose: () => void;
}

/** Buys a subscription plan for one account from the wallet; the server's answer (e.g. not enough credit) is shown as it is. */
export function PlanPurchaseDialog({ account, onClose }: PlanPurchaseDialogProps) {
  const plans = useBrokerPlans();
  const buy = useBuyPlan();
  const toast = useToast();
  const [planId, setPlanId] = useState<string | null>(null);
  const idempotencyKey = useAttemptKey(planId);
  const isSubmitting = buy.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!planId) return;
    buy.mutate(
      { brokerId: account.broker_id, planId, idempotencyKey },
      {
        onSuccess: (purchase) => {
          toast.success(
            `Plan bought for ${account.broker_combined_name}: ${formatCount(purchase.charged_credits)} credits charged, ${formatCount(purchase.balance_after)} left.`,
          );
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Buy a plan for ${account.broker_combined_name}`} onClose={onClose} canClose={!isSubmitting}>
      <form onSubmit={submit} aria-label="Buy a plan">
        <Flex direction="column" gap="medium">
          <Text variation="secondary">The price is taken from your wallet credit. A plan bought before the current one ends adds to it.</Text>
          {plans.isPending ? <LoadingState label="Loading plans…" /> : null}
          {plans.isError ? (
            <Alert variation="error" role="alert">
              {plans.error.message}
            </Alert>
          ) : null}
          {plans.data?.length === 0 ? <Text>No plans are offered right now.</Text> : null}
          {plans.data && plans.data.length > 0 ? (
            <RadioGroupField
              legend="Plan"
              name="plan_id"
              value={planId ?? ''}
              onChange={(event) => setPlanId(event.target.value)}
              isDisabled={isSubmitting}
            >
              {plans.data.map((plan) => (
                <Radio key={plan.plan_id} value={plan.plan_id}>
                  {planSummary(plan)}
                </Radio>
              ))}
            </RadioGroupField>
          ) : null}
          <DialogActions
            error={buy.error}
            onCancel={onClose}
            submitLabel="Buy plan"
            pendingLabel="Buying…"
            isPending={isSubmitting}
            isDisabled={!planId || isSubmitting}
          />
        </Flex>
      </form>
    </ModalDialog>
  );
}
