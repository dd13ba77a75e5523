import { Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { SubscribedStrategy } from '@shared/contracts/strategy-subscriptions';
import { DialogActions } from '@/components/dialog-actions';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { readMultiplier } from '@/entities/multiplier/multiplier-text';
import { ApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';
import { fieldErrorsFromDetails } from '@/lib/field-errors';
import { useChangeSubscription, type SubscriptionChange } from '../api/use-subscription-actions';
import { SubscriptionFields, type SubscriptionChoice } from './subscription-fields';

const NOTHING_CHANGED_TEXT = 'Change the account, the multiplier or auto-renew first.';

/** Only what differs from the running subscription is sent; null when nothing does. */
function changeOf(subscription: SubscribedStrategy, brokerId: string, multiplier: number, autoRenew: boolean): SubscriptionChange | null {
  const change: SubscriptionChange = { group_id: subscription.group_strategy_id, subscription_id: subscription.subscription_id };
  if (brokerId !== subscription.broker_id) change.broker_id = brokerId;
  if (multiplier !== subscription.multiplier) change.multiplier = multiplier;
  if (autoRenew !== subscription.auto_renew) change.auto_renew = autoRenew;
  return Object.keys(change).length > 2 ? change : null;
}

/** Change a running subscription: another connected account, another multiplier, or auto-renew on or off. */
export function ChangeSubscriptionDialog({ subscription, onClose }: { subscription: SubscribedStrategy; onClose: () => void }) {
  const accounts = useBrokerAccounts();
  const change = useChangeSubscription();
  const toast = useToast();
  const [choice, setChoice] = useState<SubscriptionChoice>({
    brokerId: subscription.broker_id,
    multiplierText: String(subscription.multiplier),
    autoRenew: subscription.auto_renew,
  });
  const [problem, setProblem] = useState<{ multiplier?: string; form?: string }>({});
  // The current account stays listed even while its session is not connected, so keeping it is a choice.
  const choices = (accounts.data ?? []).filter((account) => account.status === 'connected' || account.broker_id === subscription.broker_id);
  const serverErrors = change.error instanceof ApiError ? fieldErrorsFromDetails(change.error.details) : {};
  const serverFormError = change.error && Object.keys(serverErrors).length === 0 ? errorText(change.error) : null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const multiplier = readMultiplier(choice.multiplierText);
    if (multiplier.value === null) return setProblem({ multiplier: multiplier.problem });
    const request = changeOf(subscription, choice.brokerId, multiplier.value, choice.autoRenew);
    if (!request) return setProblem({ form: NOTHING_CHANGED_TEXT });
    setProblem({});
    change.mutate(request, {
      onSuccess: (changed) => {
        toast.success(`Your subscription to ${changed.strategy_name} is changed.`);
        onClose();
      },
    });
  };

  const formError = problem.form ?? serverFormError;
  return (
    <ModalDialog title={`Change ${subscription.strategy_name}`} onClose={onClose} canClose={!change.isPending}>
      {accounts.isPending ? <LoadingState label="Loading your accounts…" /> : null}
      {accounts.isError ? <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.isSuccess ? (
        <form onSubmit={save} aria-label="Change subscription" noValidate>
          <Flex direction="column" gap="medium">
            <SubscriptionFields
              accounts={choices}
              choice={choice}
              onChange={setChoice}
              errors={{ broker_id: serverErrors.broker_id, multiplier: problem.multiplier ?? serverErrors.multiplier }}
              isDisabled={change.isPending}
            />
            <DialogActions error={formError} onCancel={onClose} submitLabel="Save" pendingLabel="Saving…" isPending={change.isPending} />
          </Flex>
        </form>
      ) : null}
    </ModalDialog>
  );
}
